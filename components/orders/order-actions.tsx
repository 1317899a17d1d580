'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { DeliverDialog } from '@/components/orders/deliver-dialog';
import { ShipDialog } from '@/components/orders/ship-dialog';
import { Button, buttonClass } from '@/components/ui/button';
import { confirmAndSend } from '@/lib/client/submit';
import type { OrderDTO } from '@/lib/orders/types';

type ActionOrder = Pick<OrderDTO, '_id' | 'number' | 'paid' | 'cancelled' | 'status' | 'name' | 'address' | 'phone'>;

/** Pay (a customer's unpaid order): the payment page. */
export function PayLink({ order }: { order: Pick<OrderDTO, '_id'> }) {
  return (
    <Link href={`/dashboard/payment/${order._id}`} className={buttonClass('success', undefined, 'sm')}>
      Pay
    </Link>
  );
}

/** Cancel an unpaid order with the spec's dialogs; the page is rendered again with the stored state. */
export function CancelOrderButton({ order }: { order: Pick<OrderDTO, '_id'> }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  async function cancel() {
    setBusy(true);
    await confirmAndSend({
      confirm: {
        title: 'Are you sure?',
        text: "You won't be able to Cancel this Order!",
        confirmText: 'Yes, Cancel it!',
        cancelText: 'No',
      },
      declined: { title: 'Order not Cancelled!', text: 'Your order is safe :)' },
      url: `/api/order/${order._id}`,
      method: 'DELETE',
      done: { title: 'Cancelled!', text: 'Your order has been Cancelled.' },
      failure: 'The order could not be cancelled',
      signOutOnAuthError: true,
    });
    setBusy(false);
    router.refresh();
  }

  return (
    <Button variant="danger" size="sm" loading={busy} onClick={() => void cancel()}>
      Cancel
    </Button>
  );
}

/** The spec's status button (admins): disabled once shipped or while unpaid; opens the ship dialog. */
export function ShipButton({ order }: { order: ActionOrder }) {
  const [open, setOpen] = useState(false);
  const shipped = order.status !== 'pending';
  const blocked = !order.paid || order.cancelled;
  return (
    <>
      <Button
        variant={shipped ? 'outline' : 'dark'}
        size="sm"
        disabled={shipped || blocked}
        title={
          blocked && !shipped ? (order.cancelled ? 'A cancelled order cannot be shipped' : 'An unpaid order cannot be shipped') : undefined
        }
        // The visible status starts the name (WCAG 2.5.3); the order number tells the rows' buttons apart.
        aria-label={shipped ? order.status : `pending: ship order ${order.number}`}
        onClick={() => setOpen(true)}
      >
        {order.status}
      </Button>
      {open && <ShipDialog order={order} onClose={() => setOpen(false)} />}
    </>
  );
}

/** Marks a shipped order delivered (admins): opens the delivery dialog, where the day can be given. */
export function DeliverButton({ order }: { order: Pick<OrderDTO, '_id' | 'number'> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" aria-label={`Mark delivered: order ${order.number}`} onClick={() => setOpen(true)}>
        Mark delivered
      </Button>
      {open && <DeliverDialog order={order} onClose={() => setOpen(false)} />}
    </>
  );
}
