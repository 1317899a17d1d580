'use client';

import { useRouter } from 'next/navigation';
import { useState, type Dispatch, type SetStateAction } from 'react';
import type { Path } from 'react-hook-form';
import type { CheckoutAddress, PlacedOrder, Quote, QuoteMethod } from '@/components/cart/types';
import { reloadCart } from '@/components/cart/use-cart';
import type { CheckoutFormInput, CheckoutFormValues } from '@/components/checkout/form-schema';
import type { CheckoutFormMethods } from '@/components/checkout/use-checkout';
import { toast } from '@/components/ui/toast';
import { confirmDialog } from '@/lib/client/alerts';
import { submitJson } from '@/lib/client/submit';
import { formatPrice } from '@/lib/core/money';

const FIELDS: ReadonlyArray<Path<CheckoutFormInput>> = [
  'email',
  'address.name',
  'address.line1',
  'address.line2',
  'address.city',
  'address.region',
  'address.postalCode',
  'address.country',
  'phone',
  'shippingMethod',
  'discountCode',
];

const cleanAddress = (address: CheckoutFormValues['address']): CheckoutAddress => ({
  name: address.name,
  line1: address.line1,
  ...(address.line2 ? { line2: address.line2 } : {}),
  city: address.city,
  ...(address.region ? { region: address.region } : {}),
  postalCode: address.postalCode,
  country: address.country,
});

type Placing = {
  guest: boolean;
  appliedCode: string | undefined;
  quote: Quote | null;
  method: QuoteMethod | null;
  setQuote: Dispatch<SetStateAction<Quote | null>>;
};

/** The checkout call, sent again once if the connection dropped. */
async function sendOrder(values: CheckoutFormValues, quotedTotal: number, { guest, appliedCode }: Placing, form: CheckoutFormMethods) {
  const body = {
    ...(guest ? { email: values.email } : {}),
    address: cleanAddress(values.address),
    phone: values.phone,
    shippingMethod: values.shippingMethod,
    ...(appliedCode ? { discountCode: appliedCode } : {}),
    ...(values.saveAddress ? { saveAddress: true } : {}),
    quotedTotal,
  };
  // One key per attempt: a retry after a dropped connection cannot place a second order.
  const init = { method: 'POST', json: body, headers: { 'Idempotency-Key': crypto.randomUUID() } };
  const send = () =>
    submitJson<PlacedOrder & { quote?: Quote }, CheckoutFormInput>('/api/checkout', init, { setError: form.setError, fields: FIELDS });
  const res = await send();
  return res.status === 0 ? send() : res;
}

/** Why the order changed: the server's reason, each line whose price moved, and the new total against the one quoted. */
function changeNotice(error: string | undefined, next: Quote, total: number, quotedTotal: number): string {
  const raised = next.lines
    .filter((line) => line.problems.includes('price-raised') || line.problems.includes('price-lowered'))
    .map((line) => `${line.name}: now ${formatPrice(line.unitPrice)} (was ${formatPrice(line.addedPrice)})`);
  const summary = `Your total is now ${formatPrice(total)} instead of ${formatPrice(quotedTotal)}.`;
  return [error, ...raised, summary].filter(Boolean).join(' ');
}

/** Placing the order: on to its payment, or the changed total confirmed first, or why it was refused. */
export function usePlaceOrder(form: CheckoutFormMethods, placing: Placing) {
  const router = useRouter();
  const [changed, setChanged] = useState<string | null>(null);

  async function place(values: CheckoutFormValues, quotedTotal: number): Promise<void> {
    const res = await sendOrder(values, quotedTotal, placing, form);
    if (res.ok) {
      void reloadCart();
      toast.success(`Order ${res.data.orderNumber} is placed: now pay for it`);
      // Straight to the card form, in place of this page: Back from it lands on the cart, which offers the order.
      router.replace(res.data.payUrl ?? res.data.orderUrl);
      return;
    }
    if (res.status === 409 && res.data.quote) return placeRequoted(values, quotedTotal, res.data.quote, res.data.error);
    if (!res.fieldErrorsShown) toast.error(res.data.error ?? 'The order could not be placed, please try again');
    if (res.status === 409) void reloadCart();
  }

  async function placeRequoted(values: CheckoutFormValues, quotedTotal: number, next: Quote, error: string | undefined) {
    placing.setQuote(next);
    const nextMethod = next.methods.find((candidate) => candidate.id === values.shippingMethod) ?? null;
    if (!nextMethod) {
      toast.error(error ?? 'This shipping method is no longer offered: choose another');
      return;
    }
    const notice = changeNotice(error, next, nextMethod.total, quotedTotal);
    setChanged(notice);
    const go = await confirmDialog({
      title: 'Your order has changed',
      text: notice,
      confirmText: `Place order for ${formatPrice(nextMethod.total)}`,
      cancelText: 'Go back',
    });
    if (go) return place(values, nextMethod.total);
    void reloadCart();
  }

  async function onSubmit(values: CheckoutFormValues) {
    if (!placing.quote || !placing.method) {
      form.setError('shippingMethod', { type: 'manual', message: 'Choose a shipping method' });
      return;
    }
    // The submit button stays disabled (isSubmitting) until this returns: one order per click.
    await place(values, placing.method.total);
  }

  return { changed, submit: form.handleSubmit(onSubmit) };
}
