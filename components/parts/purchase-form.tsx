'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useMemo, useState } from 'react';
import { useForm, type FieldErrors, type UseFormRegister, type UseFormSetError } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import { describedBy, Field, inputClass } from '@/components/forms/field';
import { ReadOnlyField } from '@/components/forms/read-only-field';
import { belowMinimumMessage, isBelowMinimum } from '@/components/parts/stock-facts';
import { Button } from '@/components/ui/button';
import { confirmDialog } from '@/lib/client/alerts';
import { signOutOnAuthError } from '@/lib/client/fetch-json';
import { submitJson } from '@/lib/client/submit';
import { TEXT } from '@/lib/core/texts';
import type { PartUnit } from '@/lib/core/part-fields';
import { unitCount } from '@/lib/catalog/part-units';
import type { PartDTO } from '@/lib/catalog/types';
import { purchaseFormSchema, type PurchaseFormInput } from '@/lib/validations/orders';

type PurchaseFormProps = {
  part: Pick<PartDTO, '_id' | 'availableQuantity' | 'minimumQuantity'> & Partial<Pick<PartDTO, 'unit'>>;
  viewer: { name: string; email: string; isAdmin: boolean };
};

export const ORDER_BOOKED = 'Order is booked, please go dashboard and pay it!';

/** The last order placed in this browser: the same order again within a minute asks first. */
const LAST_ORDER_KEY = 'pm_last_order';
const REPEAT_WINDOW_MS = 60_000;
type LastOrder = { partId: string; email: string; quantity: number; number: string; at: number };

function readLastOrder(): LastOrder | null {
  try {
    return JSON.parse(localStorage.getItem(LAST_ORDER_KEY) ?? 'null') as LastOrder | null;
  } catch {
    return null;
  }
}

function rememberOrder(order: Omit<LastOrder, 'at'>): void {
  try {
    localStorage.setItem(LAST_ORDER_KEY, JSON.stringify({ ...order, at: Date.now() }));
  } catch {
    // Storage refused (private mode): the confirmation on the page still shows.
  }
}

function isRepeat(last: LastOrder | null, order: Omit<LastOrder, 'number' | 'at'>): last is LastOrder {
  return Boolean(
    last &&
    last.partId === order.partId &&
    last.email === order.email &&
    last.quantity === order.quantity &&
    Date.now() - last.at < REPEAT_WINDOW_MS,
  );
}

/** The same order again within a minute asks first: true when there is nothing to ask or the buyer confirms. */
async function confirmRepeat(order: Omit<LastOrder, 'number' | 'at'>, unit: PartUnit): Promise<boolean> {
  const last = readLastOrder();
  if (!isRepeat(last, order)) return true;
  return confirmDialog({
    title: 'Order this again?',
    text: `You ordered ${unitCount(order.quantity, unit)} of this part less than a minute ago (order ${last.number}). Place the same order a second time?`,
    confirmText: 'Yes, order again',
    cancelText: 'No',
  });
}

/** Sends the order, and once more if the connection dropped. */
async function sendOrder(partId: string, values: PurchaseFormInput, setError: UseFormSetError<PurchaseFormInput>) {
  // One key per submission: if the connection drops, the retry with the same key cannot place a second order.
  const submission = { method: 'POST', json: { partId, ...values }, headers: { 'Idempotency-Key': crypto.randomUUID() } };
  const send = () =>
    submitJson<{ availableQuantity: number; insertedId: string; number: string }, PurchaseFormInput>('/api/order', submission, {
      setError,
      fields: ['address', 'phone', 'quantity'],
    });
  const res = await send();
  return res.status === 0 ? send() : res;
}

/** The form, the stock as the last order left it, the order placed, and the submit that places one. */
function usePurchase(part: PurchaseFormProps['part'], viewer: PurchaseFormProps['viewer']) {
  const router = useRouter();
  const [available, setAvailable] = useState(part.availableQuantity);
  const [placed, setPlaced] = useState<{ id: string; number: string } | null>(null);
  const schema = useMemo(() => purchaseFormSchema(part.minimumQuantity), [part.minimumQuantity]);
  const form = useForm<PurchaseFormInput>({
    resolver: zodResolver(schema),
    defaultValues: { address: '', phone: '', quantity: part.minimumQuantity },
  });

  async function onSubmit(values: PurchaseFormInput) {
    if (values.quantity > available) {
      toast.error(TEXT.overStock);
      return;
    }
    if (!(await confirmRepeat({ partId: part._id, email: viewer.email, quantity: values.quantity }, part.unit ?? 'piece'))) return;
    const res = await sendOrder(part._id, values, form.setError);
    if (await signOutOnAuthError(res.status)) return;
    if (!res.ok) {
      if (!res.fieldErrorsShown) toast.error(res.data.error ?? 'The order could not be placed, please try again');
      if (res.status === 409) router.refresh();
      return;
    }
    toast.success(ORDER_BOOKED);
    // The toast goes after 3 s: the page keeps the order's number and its Pay link.
    setPlaced({ id: res.data.insertedId, number: res.data.number });
    rememberOrder({ partId: part._id, email: viewer.email, quantity: values.quantity, number: res.data.number });
    setAvailable(res.data.availableQuantity);
    form.reset({ address: values.address, phone: values.phone, quantity: part.minimumQuantity });
    // The page re-renders with the new stock (the order expired the part's cache).
    router.refresh();
  }

  return { form, available, placed, onSubmit };
}

/** The part page's purchase form; the server checks every rule again. */
export function PurchaseForm({ part, viewer }: PurchaseFormProps) {
  const { form, available, placed, onSubmit } = usePurchase(part, viewer);
  const { register, handleSubmit, formState } = form;
  const { errors, isSubmitting } = formState;
  const unit = part.unit ?? 'piece';
  const outOfStock = available <= 0;
  const belowMinimum = isBelowMinimum(available, part.minimumQuantity);
  const unavailable = belowMinimum && !viewer.isAdmin;

  const label = viewer.isAdmin ? TEXT.adminCantPurchase : outOfStock ? TEXT.outOfStock : 'purchase now !';
  return (
    <form
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      aria-label="Purchase"
      className="grid gap-4 rounded-2xl bg-white p-6 ring-1 ring-slate-200 sm:grid-cols-2"
    >
      <h2 className="text-lg font-semibold text-slate-900 sm:col-span-2">Order this part</h2>
      {placed && <OrderPlaced id={placed.id} number={placed.number} />}
      <ReadOnlyField id="buyer-name" label="Name" value={viewer.name} />
      <ReadOnlyField id="buyer-email" label="Email" value={viewer.email} />
      <ContactFields register={register} errors={errors} />
      <Field id="quantity" label="Quantity" error={errors.quantity?.message} hint={`Minimum ${unitCount(part.minimumQuantity, unit)}`}>
        <input
          id="quantity"
          type="number"
          inputMode="numeric"
          min={part.minimumQuantity}
          step={1}
          className={inputClass}
          {...describedBy('quantity', errors.quantity?.message)}
          {...register('quantity', { valueAsNumber: true })}
        />
      </Field>
      <div className="sm:col-span-2">
        {unavailable && (
          <p id="purchase-unavailable" className="mb-3 text-sm font-medium text-amber-800">
            {belowMinimumMessage(available, part.minimumQuantity)}
          </p>
        )}
        <Button
          type="submit"
          loading={isSubmitting}
          disabled={viewer.isAdmin || outOfStock || belowMinimum}
          aria-describedby={unavailable ? 'purchase-unavailable' : undefined}
          size="lg"
          className="w-full sm:w-auto"
        >
          {label}
        </Button>
      </div>
    </form>
  );
}

/** The order just placed: its number and where to pay it, kept on the page after the toast goes. */
function OrderPlaced({ id, number }: { id: string; number: string }) {
  return (
    <div
      role="status"
      aria-label="Order placed"
      className="rounded-xl bg-emerald-50 p-4 text-emerald-900 ring-1 ring-emerald-200 sm:col-span-2"
    >
      <p className="font-semibold">Order {number} is booked and waiting for payment.</p>
      <p className="mt-2 flex flex-wrap gap-4 text-sm">
        <Link href={`/dashboard/payment/${id}`} className="font-semibold text-emerald-900 underline">
          Pay order {number}
        </Link>
        <Link href="/dashboard" className="font-semibold text-emerald-900 underline">
          My Orders
        </Link>
      </p>
    </div>
  );
}

function ContactFields({ register, errors }: { register: UseFormRegister<PurchaseFormInput>; errors: FieldErrors<PurchaseFormInput> }) {
  return (
    <>
      <Field id="address" label="Address" error={errors.address?.message} className="sm:col-span-2">
        <input
          id="address"
          autoComplete="street-address"
          className={inputClass}
          {...describedBy('address', errors.address?.message)}
          {...register('address')}
        />
      </Field>
      <Field id="phone" label="Phone" error={errors.phone?.message}>
        <input
          id="phone"
          type="tel"
          autoComplete="tel"
          className={inputClass}
          {...describedBy('phone', errors.phone?.message)}
          {...register('phone')}
        />
      </Field>
    </>
  );
}
