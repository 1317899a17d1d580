'use client';

import Link from 'next/link';
import { useState } from 'react';
import { toast } from 'sonner';
import { PaidBadge } from '@/components/orders/paid-badge';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClass } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { alertError, alertSuccess, confirmDialog } from '@/lib/client/alerts';
import { fetchJson, signOutOnAuthError } from '@/lib/client/fetch-json';
import { formatPrice } from '@/lib/money';
import type { OrderDTO } from '@/lib/orders';

type OrdersTableProps = { mode: 'customer' | 'admin'; initialOrders: OrderDTO[]; email: string };

export const SHIPPED_TOAST = 'Order Successfully Shipped!';

const COLUMNS: Column[] = [
  { label: '#' },
  { label: 'Customer' },
  { label: 'Product' },
  { label: 'Price', align: 'right' },
  { label: 'Quantity', align: 'right' },
  { label: 'Total', align: 'right' },
  { label: 'Payment' },
  { label: 'Status' },
];

/** My Orders (a customer's own) and Manage Orders (every order, for admins). */
export function OrdersTable({ mode, initialOrders, email }: OrdersTableProps) {
  const [orders, setOrders] = useState(initialOrders);
  const [busy, setBusy] = useState<string | null>(null);

  async function refresh() {
    const res = await fetchJson<OrderDTO[]>(mode === 'admin' ? '/api/allOrder' : `/api/order?email=${encodeURIComponent(email)}`);
    if (await signOutOnAuthError(res.status)) return;
    if (res.ok) setOrders(res.data);
  }

  async function cancel(order: OrderDTO) {
    const confirmed = await confirmDialog({
      title: 'Are you sure?',
      text: "You won't be able to Cancel this Order!",
      confirmText: 'Yes, Cancel it!',
      cancelText: 'No',
    });
    if (!confirmed) {
      await alertError('Order not Cancelled!', 'Your order is safe :)');
      return;
    }
    setBusy(order._id);
    const res = await fetchJson(`/api/order/${order._id}`, { method: 'DELETE' });
    setBusy(null);
    if (await signOutOnAuthError(res.status)) return;
    if (res.ok) await alertSuccess('Cancelled!', 'Your order has been Cancelled.');
    else await alertError(res.data.error ?? 'The order could not be cancelled');
    await refresh();
  }

  async function ship(order: OrderDTO) {
    setBusy(order._id);
    const res = await fetchJson<{ modifiedCount: number }>(`/api/order/${order._id}`, { method: 'PUT', json: { pending: 'shipped' } });
    setBusy(null);
    if (await signOutOnAuthError(res.status)) return;
    if (res.ok && res.data.modifiedCount > 0) toast.success(SHIPPED_TOAST);
    else if (!res.ok) toast.error(res.data.error ?? 'The order could not be shipped');
    await refresh();
  }

  if (!orders.length) {
    return (
      <div className="rounded-2xl bg-white p-8 text-center ring-1 ring-slate-200">
        <p className="text-slate-600">{mode === 'admin' ? 'No orders yet.' : 'You have no orders yet.'}</p>
        {mode === 'customer' && (
          <Link href="/#parts" className={buttonClass('primary', 'mt-4')}>
            Browse parts
          </Link>
        )}
      </div>
    );
  }

  return (
    <DataTable columns={COLUMNS}>
      {orders.map((order, index) => (
        <tr key={order._id} data-order-id={order._id} className="align-top">
          <td className="px-4 py-3 text-slate-500">{index + 1}</td>
          <td className="px-4 py-3">
            <div className="font-medium text-slate-900">{order.name}</div>
            {mode === 'admin' && <div className="text-xs text-slate-500">{order.email}</div>}
          </td>
          <td className="px-4 py-3 text-slate-900">{order.partName}</td>
          <td className="px-4 py-3 text-right tabular-nums">{formatPrice(order.price)}</td>
          <td className="px-4 py-3 text-right tabular-nums">{order.quantity}</td>
          <td className="px-4 py-3 text-right font-semibold tabular-nums">{formatPrice(order.total)}</td>
          <td className="px-4 py-3">
            {order.paid ? (
              <PaidBadge transactionId={order.transactionId} />
            ) : (
              <div className="flex flex-wrap items-center gap-2">
                {mode === 'customer' ? (
                  <Link href={`/dashboard/payment/${order._id}`} className={buttonClass('success', 'px-3 py-1.5')}>
                    Pay
                  </Link>
                ) : (
                  <Badge tone="red">unpaid</Badge>
                )}
                <Button variant="danger" className="px-3 py-1.5" loading={busy === order._id} onClick={() => void cancel(order)}>
                  Cancel
                </Button>
              </div>
            )}
          </td>
          <td className="px-4 py-3">
            {mode === 'admin' ? (
              <Button
                variant={order.status === 'shipped' ? 'outline' : 'dark'}
                className="px-3 py-1.5"
                disabled={order.status === 'shipped' || !order.paid}
                title={!order.paid ? 'An unpaid order cannot be shipped' : undefined}
                aria-label={order.status === 'shipped' ? 'shipped' : `Ship order of ${order.partName} (status pending)`}
                loading={busy === order._id}
                onClick={() => void ship(order)}
              >
                {order.status}
              </Button>
            ) : (
              <Badge tone={order.status === 'shipped' ? 'blue' : 'amber'}>{order.status}</Badge>
            )}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
