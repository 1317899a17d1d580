'use client';

import { useEffect, useMemo, useState } from 'react';
import { useForm, type FieldErrors, type Path, type UseFormRegister, type UseFormReturn } from 'react-hook-form';
import { readDestination } from '@/components/cart/destination';
import type { AddressDTO, CartView, SavedAddresses, SavedQuote } from '@/components/cart/types';
import type { CheckoutFormInput, CheckoutFormValues } from '@/components/checkout/form-schema';
import { lazyCheckoutResolver } from '@/components/checkout/lazy-resolver';
import { useCheckoutQuote } from '@/components/checkout/use-checkout-quote';
import { usePlaceOrder } from '@/components/checkout/use-place-order';
import { describedBy } from '@/components/forms/field';
import { fetchJson } from '@/lib/client/fetch-json';

export type CheckoutFormMethods = UseFormReturn<CheckoutFormInput, unknown, CheckoutFormValues>;
export type Customer = { name: string; email: string };
export type CheckoutProps = {
  cart: CartView;
  customer: Customer | null;
  /** The quote of the destination this browser kept (lib/cart/destination.ts), shown from the first paint. */
  savedQuote: SavedQuote | null;
};

/** A text input's props: registered with the form, its error tied to it. */
export type CheckoutInput = (
  name: Path<CheckoutFormInput>,
  error?: string,
) => ReturnType<typeof describedBy> & ReturnType<UseFormRegister<CheckoutFormInput>>;
/** What every part of the form that has inputs is given. */
export type CheckoutFieldsProps = { input: CheckoutInput; errors: FieldErrors<CheckoutFormInput> };

/** A saved address as the form's fields hold it (empty text for what it lacks). */
const formAddress = (address: AddressDTO): CheckoutFormInput['address'] => ({
  name: address.name,
  line1: address.line1,
  line2: address.line2 ?? '',
  city: address.city,
  region: address.region ?? '',
  postalCode: address.postalCode,
  country: address.country,
});

const defaultValuesOf = (customer: Customer | null, savedQuote: SavedQuote | null): CheckoutFormInput => ({
  email: '',
  address: {
    name: customer?.name ?? '',
    line1: '',
    line2: '',
    city: '',
    region: '',
    postalCode: savedQuote?.destination.postalCode ?? '',
    country: savedQuote?.destination.country ?? '',
  },
  phone: '',
  // The cheapest method, as the quote's effect would choose it, already in the first paint.
  shippingMethod: savedQuote?.quote.methods[0]?.id ?? '',
  discountCode: '',
  saveAddress: false,
});

/** The country and postcode quoted on the cart page, so nobody types them twice. */
function useKeptDestination({ getValues, setValue }: CheckoutFormMethods) {
  useEffect(() => {
    const quoted = readDestination();
    if (!quoted || getValues('address.country') || getValues('address.postalCode')) return;
    setValue('address.country', quoted.country);
    setValue('address.postalCode', quoted.postalCode);
  }, [getValues, setValue]);
}

/** A customer's default address (else the last order's) and last phone, filled in so nobody types them twice. */
function useSavedAddresses(customer: Customer | null, { getValues, reset }: CheckoutFormMethods): SavedAddresses | null {
  const [saved, setSaved] = useState<SavedAddresses | null>(null);
  useEffect(() => {
    if (!customer) return;
    let active = true;
    void fetchJson<SavedAddresses>('/api/checkout/addresses').then((res) => {
      if (!active || !res.ok) return;
      setSaved(res.data);
      const fill = res.data.prefill;
      if (fill) {
        const current = getValues();
        reset({ ...current, address: formAddress(fill.address), phone: current.phone || fill.phone });
      }
    });
    return () => {
      active = false;
    };
  }, [customer, getValues, reset]);
  return saved;
}

/** The checkout's state: the form, the saved addresses, the quote and its code, and the order's placing. */
export function useCheckout({ cart, customer, savedQuote }: CheckoutProps) {
  const guest = !customer;
  const validation = useMemo(() => lazyCheckoutResolver(guest), [guest]);
  const form: CheckoutFormMethods = useForm<CheckoutFormInput, unknown, CheckoutFormValues>({
    resolver: validation.resolver,
    defaultValues: defaultValuesOf(customer, savedQuote),
  });
  const { register, setValue, formState } = form;
  const { errors, isSubmitting } = formState;
  useKeptDestination(form);
  const saved = useSavedAddresses(customer, form);
  const cartVersion = cart.lines.map((line) => `${line.partId}:${line.quantity}:${line.unitPrice}`).join('|');
  const { setQuote, ...pricing } = useCheckoutQuote(form, savedQuote, cartVersion);
  const { changed, submit } = usePlaceOrder(form, {
    guest,
    appliedCode: pricing.appliedCode,
    quote: pricing.quote,
    method: pricing.method,
    setQuote,
  });
  const input: CheckoutInput = (name, error) => ({ ...describedBy(name, error), ...register(name) });
  const chooseAddress = (address: AddressDTO) => setValue('address', formAddress(address), { shouldValidate: formState.isSubmitted });
  return { ...pricing, changed, submit, validation, register, input, errors, isSubmitting, saved, chooseAddress };
}
