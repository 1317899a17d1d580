'use client';

import { useRouter } from 'next/navigation';
import { useId, useRef, useState, type FormEvent } from 'react';
import { describedBy, Field, inputClass } from '@/components/forms/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { toast } from '@/components/ui/toast';
import { fetchJson, signOutOnAuthError } from '@/lib/client/fetch-json';
import type { OrderDTO } from '@/lib/orders/types';

export const DELIVERED_TOAST = 'Order marked delivered!';

type DeliverDialogProps = { order: Pick<OrderDTO, '_id' | 'number'>; onClose: () => void };

/** The delivery dialog (a native modal <dialog>): sends `{ pending: 'delivered' }` with the day, or none for today. */
export function DeliverDialog({ order, onClose }: DeliverDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const router = useRouter();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const day = String(new FormData(event.currentTarget).get('deliveredAt') ?? '');
    setBusy(true);
    setError(undefined);
    const res = await fetchJson<{ modifiedCount: number }>(`/api/order/${order._id}`, {
      method: 'PUT',
      json: { pending: 'delivered', ...(day ? { deliveredAt: day } : {}) },
    });
    setBusy(false);
    if (await signOutOnAuthError(res.status)) return;
    if (res.ok) {
      if (res.data.modifiedCount > 0) toast.success(DELIVERED_TOAST);
      ref.current?.close();
      router.refresh();
      return;
    }
    const fieldError = res.status === 400 ? res.data.fieldErrors?.deliveredAt?.[0] : undefined;
    if (fieldError) setError(fieldError);
    else toast.error(res.data.error ?? 'The order could not be marked delivered');
  }

  const field = `${id}-deliveredAt`;
  return (
    <FormDialog
      dialogRef={ref}
      title={`Order ${order.number} delivered`}
      submitLabel="Mark delivered"
      busy={busy}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <Field id={field} label="Delivery date" error={error} hint="Leave empty for today">
        <input id={field} name="deliveredAt" type="date" className={inputClass} {...describedBy(field, error)} />
      </Field>
    </FormDialog>
  );
}
