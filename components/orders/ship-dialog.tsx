'use client';

import { useRouter } from 'next/navigation';
import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { toast } from '@/components/ui/toast';
import { describedBy, Field, inputClass } from '@/components/forms/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { fetchJson, signOutOnAuthError } from '@/lib/client/fetch-json';
import { KNOWN_CARRIERS } from '@/lib/orders/tracking';
import type { OrderDTO } from '@/lib/orders/types';

export const SHIPPED_TOAST = 'Order Successfully Shipped!';

type ShipDialogProps = { order: Pick<OrderDTO, '_id' | 'number' | 'name' | 'address' | 'phone'>; onClose: () => void };
type FieldName = 'carrier' | 'trackingNumber';

/** Ships the order with the form's carrier and tracking number: the dialog closes, or the refusal is shown. */
function useShipOrder(order: ShipDialogProps['order'], dialog: RefObject<HTMLDialogElement | null>) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setErrors({});
    const res = await fetchJson<{ modifiedCount: number }>(`/api/order/${order._id}`, {
      method: 'PUT',
      json: { pending: 'shipped', carrier: String(form.get('carrier') ?? ''), trackingNumber: String(form.get('trackingNumber') ?? '') },
    });
    setBusy(false);
    if (await signOutOnAuthError(res.status)) return;
    if (res.ok) {
      if (res.data.modifiedCount > 0) toast.success(SHIPPED_TOAST);
      dialog.current?.close();
      router.refresh();
      return;
    }
    const fieldErrors = res.status === 400 ? res.data.fieldErrors : undefined;
    const shown = { carrier: fieldErrors?.carrier?.[0], trackingNumber: fieldErrors?.trackingNumber?.[0] };
    if (shown.carrier || shown.trackingNumber) setErrors(shown);
    else toast.error(res.data.error ?? 'The order could not be shipped');
  }

  return { busy, errors, submit };
}

/** The ship dialog, a native modal <dialog> for focus trap and Escape; sends the spec's `{ pending: 'shipped' }` with optional tracking. */
export function ShipDialog({ order, onClose }: ShipDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const { busy, errors, submit } = useShipOrder(order, ref);

  const field = (name: FieldName) => `${id}-${name}`;
  return (
    <FormDialog
      dialogRef={ref}
      title={`Ship order ${order.number}`}
      submitLabel="Ship order"
      busy={busy}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <ParcelAddress order={order} />
      <Field id={field('carrier')} label="Carrier" error={errors.carrier} hint="Optional">
        <input
          id={field('carrier')}
          name="carrier"
          list={`${id}-carriers`}
          maxLength={60}
          autoComplete="off"
          className={inputClass}
          {...describedBy(field('carrier'), errors.carrier)}
        />
      </Field>
      <datalist id={`${id}-carriers`}>
        {KNOWN_CARRIERS.map((carrier) => (
          <option key={carrier} value={carrier} />
        ))}
      </datalist>
      <Field id={field('trackingNumber')} label="Tracking number" error={errors.trackingNumber} hint="Optional">
        <input
          id={field('trackingNumber')}
          name="trackingNumber"
          maxLength={60}
          autoComplete="off"
          className={inputClass}
          {...describedBy(field('trackingNumber'), errors.trackingNumber)}
        />
      </Field>
    </FormDialog>
  );
}

/** Where the parcel goes: the order's name, address and phone. */
function ParcelAddress({ order }: { order: Pick<OrderDTO, 'name' | 'address' | 'phone'> }) {
  return (
    <div className="rounded-xl bg-slate-50 p-4 text-sm">
      <p className="font-medium text-slate-500">Ship to</p>
      <address className="mt-1 break-words text-slate-900 not-italic">
        {order.name}
        <br />
        {order.address}
        <br />
        {order.phone}
      </address>
    </div>
  );
}
