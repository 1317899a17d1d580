'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { describedBy, Field, inputClass } from '@/components/forms/field';
import { Button } from '@/components/ui/button';
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

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

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
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby={`${id}-title`}
      className="m-auto h-fit w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-0 text-slate-800 shadow-xl backdrop:bg-slate-900/50"
    >
      <form onSubmit={(event) => void submit(event)} className="space-y-4 p-5 sm:p-6" noValidate>
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          Order {order.number} delivered
        </h2>
        <Field id={field} label="Delivery date" error={error} hint="Leave empty for today">
          <input id={field} name="deliveredAt" type="date" className={inputClass} {...describedBy(field, error)} />
        </Field>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => ref.current?.close()}>
            Close
          </Button>
          <Button type="submit" variant="dark" loading={busy}>
            Mark delivered
          </Button>
        </div>
      </form>
    </dialog>
  );
}
