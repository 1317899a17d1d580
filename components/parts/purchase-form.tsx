'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import { describedBy, Field, inputClass } from '@/components/forms/field';
import { ReadOnlyField } from '@/components/forms/read-only-field';
import { belowMinimumMessage, isBelowMinimum } from '@/components/parts/stock-facts';
import { Button } from '@/components/ui/button';
import { signOutOnAuthError } from '@/lib/client/fetch-json';
import { submitJson } from '@/lib/client/submit';
import { TEXT } from '@/lib/platform/constants';
import type { PartDTO } from '@/lib/platform/types';
import { purchaseFormSchema, type PurchaseFormInput } from '@/lib/validations/orders';

type PurchaseFormProps = {
  part: Pick<PartDTO, '_id' | 'availableQuantity' | 'minimumQuantity'>;
  viewer: { name: string; email: string; isAdmin: boolean };
};

export const ORDER_BOOKED = 'Order is booked, please go dashboard and pay it!';

/** The part page's purchase form; the server checks every rule again. */
export function PurchaseForm({ part, viewer }: PurchaseFormProps) {
  const router = useRouter();
  const [available, setAvailable] = useState(part.availableQuantity);
  const schema = useMemo(() => purchaseFormSchema(part.minimumQuantity), [part.minimumQuantity]);
  const { register, handleSubmit, formState, reset, setError } = useForm<PurchaseFormInput>({
    resolver: zodResolver(schema),
    defaultValues: { address: '', phone: '', quantity: part.minimumQuantity },
  });
  const { errors, isSubmitting } = formState;
  const outOfStock = available <= 0;
  const belowMinimum = isBelowMinimum(available, part.minimumQuantity);

  async function onSubmit(values: PurchaseFormInput) {
    if (values.quantity > available) {
      toast.error(TEXT.overStock);
      return;
    }
    // One key per submission: if the connection drops, the retry with the same key cannot place a second order.
    const submission = { method: 'POST', json: { partId: part._id, ...values }, headers: { 'Idempotency-Key': crypto.randomUUID() } };
    const send = () =>
      submitJson<{ availableQuantity: number }, PurchaseFormInput>('/api/order', submission, {
        setError,
        fields: ['address', 'phone', 'quantity'],
      });
    let res = await send();
    if (res.status === 0) res = await send();
    if (await signOutOnAuthError(res.status)) return;
    if (!res.ok) {
      if (!res.fieldErrorsShown) toast.error(res.data.error ?? 'The order could not be placed, please try again');
      if (res.status === 409) router.refresh();
      return;
    }
    toast.success(ORDER_BOOKED);
    setAvailable(res.data.availableQuantity);
    reset({ address: values.address, phone: values.phone, quantity: part.minimumQuantity });
    // The page re-renders with the new stock (the order expired the part's cache).
    router.refresh();
  }

  const label = viewer.isAdmin ? TEXT.adminCantPurchase : outOfStock ? TEXT.outOfStock : 'purchase now !';
  return (
    <form
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      aria-label="Purchase"
      className="grid gap-4 rounded-2xl bg-white p-6 ring-1 ring-slate-200 sm:grid-cols-2"
    >
      <h2 className="text-lg font-semibold text-slate-900 sm:col-span-2">Order this part</h2>
      <ReadOnlyField id="buyer-name" label="Name" value={viewer.name} />
      <ReadOnlyField id="buyer-email" label="Email" value={viewer.email} />
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
      <Field id="quantity" label="Quantity" error={errors.quantity?.message} hint={`Minimum ${part.minimumQuantity} pieces`}>
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
        {belowMinimum && !viewer.isAdmin && (
          <p id="purchase-unavailable" className="mb-3 text-sm font-medium text-amber-800">
            {belowMinimumMessage(available, part.minimumQuantity)}
          </p>
        )}
        <Button
          type="submit"
          loading={isSubmitting}
          disabled={viewer.isAdmin || outOfStock || belowMinimum}
          aria-describedby={belowMinimum && !viewer.isAdmin ? 'purchase-unavailable' : undefined}
          size="lg"
          className="w-full sm:w-auto"
        >
          {label}
        </Button>
      </div>
    </form>
  );
}
