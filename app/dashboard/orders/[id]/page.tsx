import Link from 'next/link';
import type { ReactNode } from 'react';
import { CancelOrderButton, DeliverButton, PayLink, ShipButton } from '@/components/orders/order-actions';
import { isDetailed, OrderAmounts, ShipTo } from '@/components/orders/order-amounts';
import { HoldCountdown } from '@/components/orders/hold-countdown';
import { OrderReceipt } from '@/components/orders/order-receipt';
import { OrderStageBadge } from '@/components/orders/order-status';
import { OrderTimeline } from '@/components/orders/order-timeline';
import { ReorderButton } from '@/components/orders/reorder-button';
import { FitAsks } from '@/components/fit-confirmations/fit-asks';
import { ReturnForm } from '@/components/returns/return-form';
import { ReturnsList } from '@/components/returns/returns-list';
import { Badge } from '@/components/ui/badge';
import { LocalTime } from '@/components/ui/local-time';
import { requireViewer } from '@/lib/auth';
import { formatPrice } from '@/lib/core/money';
import { linesToConfirm, unfitReturnPart } from '@/lib/fit-confirmations';
import { orNotFound } from '@/lib/core/not-found';
import { getOrderDetails } from '@/lib/orders';
import { canRequestReturn, listReturnsOfOrder } from '@/lib/returns';

export const metadata = { title: 'Order' };

type OrderPageProps = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** One order, for its customer and admins (anyone else gets the not-found page), with the receipt once paid; a customer's
 * delivered lines ask "Did it fit?". */
export default async function OrderPage({ params, searchParams }: OrderPageProps) {
  const [{ id }, query] = await Promise.all([params, searchParams]);
  const viewer = await requireViewer(`/dashboard/orders/${id}`);
  const order = await orNotFound(getOrderDetails(viewer, id));
  const returns = await listReturnsOfOrder(viewer, id);
  const canReturn = !viewer.isAdmin && canRequestReturn(order);
  const fitLines = viewer.isAdmin ? [] : await linesToConfirm(order);
  const open = !order.paid && !order.cancelled;
  const canPay = open && !viewer.isAdmin && order.part.available;
  const canShip = viewer.isAdmin && order.paid && !order.cancelled && order.status === 'pending';
  const canDeliver = viewer.isAdmin && order.status === 'shipped';
  const canReorder = !viewer.isAdmin && (order.paid || order.cancelled);
  const rows: Array<[string, ReactNode]> = [
    ['Quantity', order.quantity],
    ['Price per piece', formatPrice(order.price)],
    [
      'Total',
      <span key="total" className="font-semibold">
        {formatPrice(order.total)}
      </span>,
    ],
  ];
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-xl font-semibold text-slate-900">
          Order <span className="font-mono">{order.number}</span>
        </h2>
        <OrderStageBadge order={order} />
      </div>
      <p className="-mt-4 text-sm text-slate-500">
        Placed <LocalTime iso={order.createdAt} />
      </p>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <section aria-labelledby="order-details-heading" className="space-y-4 rounded-2xl bg-white p-6 ring-1 ring-slate-200">
          <h3 id="order-details-heading" className="sr-only">
            Details
          </h3>
          {isDetailed(order) ? (
            <OrderAmounts order={order} />
          ) : (
            <>
              <div>
                <p className="text-sm text-slate-500">Part</p>
                {order.part.available ? (
                  <Link
                    href={`/parts/${order.partId}`}
                    className="font-medium break-words text-brand-700 underline-offset-2 hover:underline"
                  >
                    {order.partName}
                  </Link>
                ) : (
                  <p className="font-medium break-words text-slate-900">
                    {order.partName} <Badge tone="slate">archived</Badge>
                  </p>
                )}
              </div>
              <dl className="grid grid-cols-3 gap-3 text-sm">
                {rows.map(([label, value]) => (
                  <div key={label}>
                    <dt className="text-slate-500">{label}</dt>
                    <dd className="text-slate-900 tabular-nums">{value}</dd>
                  </div>
                ))}
              </dl>
            </>
          )}
          <ShipTo order={order} email={viewer.isAdmin} />
          {open && order.holdUntil && <HoldCountdown holdUntil={order.holdUntil} held={order.stockHeld} />}
          {(open || canShip || canDeliver || canReorder) && (
            <div className="flex flex-wrap items-center gap-2 border-t border-slate-100 pt-4">
              {canPay && <PayLink order={order} />}
              {open && !order.part.available && !viewer.isAdmin && (
                <p className="text-sm text-slate-600">This part is no longer sold, so the order cannot be paid; you can cancel it.</p>
              )}
              {open && <CancelOrderButton order={order} />}
              {canShip && <ShipButton order={order} />}
              {canDeliver && <DeliverButton order={order} />}
              {canReorder && <ReorderButton order={order} />}
            </div>
          )}
        </section>
        <section aria-labelledby="order-timeline-heading" className="rounded-2xl bg-white p-6 ring-1 ring-slate-200">
          <h3 id="order-timeline-heading" className="mb-4 font-semibold text-slate-900">
            Status
          </h3>
          <OrderTimeline order={order} returns={returns} />
        </section>
      </div>

      <FitAsks orderId={order._id} lines={fitLines} />
      <ReturnsList returns={returns} />
      {canReturn && (
        <section className="rounded-2xl bg-white p-6 ring-1 ring-slate-200">
          <ReturnForm order={{ _id: order._id, lines: order.lines }} returns={returns} unfit={unfitReturnPart(query)} />
        </section>
      )}

      {order.paid && <OrderReceipt order={order} />}
    </div>
  );
}
