import Link from 'next/link';
import { HoldCountdown } from '@/components/orders/hold-countdown';
import { OrderAmounts, ShipTo } from '@/components/orders/order-amounts';
import { OrderReceipt } from '@/components/orders/order-receipt';
import { OrderStageBadge } from '@/components/orders/order-status';
import { OrderTimeline } from '@/components/orders/order-timeline';
import { ReorderButton } from '@/components/orders/reorder-button';
import { PaymentForm } from '@/components/payments/payment-form';
import { ReturnForm } from '@/components/returns/return-form';
import { ReturnsList } from '@/components/returns/returns-list';
import { LocalTime } from '@/components/ui/local-time';
import type { OrderDTO } from '@/lib/orders';
import type { PaymentProviderName } from '@/lib/payments';
import type { ReturnDTO } from '@/lib/returns/types';

export type GuestOrderProps = {
  order: OrderDTO;
  /** The token of the order's signed link: the payment calls carry it instead of a session. */
  token: string;
  payments: { provider: PaymentProviderName; publishableKey: string | null } | null;
  /** The order's returns, and whether "Return parts" is offered (delivered, within the window). */
  returns?: ReturnDTO[];
  canReturn?: boolean;
  /** The line whose return form opens with "does not fit" chosen (a No to "Did it fit?"). */
  unfit?: string | null;
};

/** A guest's order, opened from its emailed link: the amounts, where it goes, the payment, the receipt and the tracking. */
export function GuestOrder({ order, token, payments, returns = [], canReturn = false, unfit = null }: GuestOrderProps) {
  const open = !order.paid && !order.cancelled;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-slate-900">
          Order <span className="font-mono">{order.number}</span>
        </h1>
        <OrderStageBadge order={order} />
      </div>
      <p className="-mt-4 text-sm text-slate-500">
        Placed <LocalTime iso={order.createdAt} />. Keep the link to this page: it is your way back to this order.
      </p>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-labelledby="guest-order-heading" className="space-y-4 rounded-2xl bg-white p-5 ring-1 ring-slate-200">
          <h2 id="guest-order-heading" className="sr-only">
            Details
          </h2>
          <OrderAmounts order={order} />
          <ShipTo order={order} />
          {!open && (
            <div className="border-t border-slate-100 pt-4">
              <ReorderButton order={order} token={token} />
            </div>
          )}
        </section>
        <div className="space-y-6">
          {open && (
            <section aria-labelledby="guest-pay-heading" className="space-y-4 rounded-2xl bg-white p-5 ring-1 ring-slate-200">
              <h2 id="guest-pay-heading" className="text-lg font-semibold text-slate-900">
                Pay
              </h2>
              {order.holdUntil && <HoldCountdown holdUntil={order.holdUntil} held={order.stockHeld} />}
              {payments ? (
                <PaymentForm
                  orderId={order._id}
                  total={order.total}
                  provider={payments.provider}
                  publishableKey={payments.publishableKey}
                  billing={{ name: order.name, email: order.email }}
                  orderToken={token}
                />
              ) : (
                <p className="text-slate-600">Card payments are not configured on this shop yet.</p>
              )}
            </section>
          )}
          <section aria-labelledby="guest-status-heading" className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
            <h2 id="guest-status-heading" className="mb-4 font-semibold text-slate-900">
              Status
            </h2>
            <OrderTimeline order={order} returns={returns} />
          </section>
        </div>
      </div>
      <ReturnsList returns={returns} />
      {canReturn && (
        <section className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
          <ReturnForm order={{ _id: order._id, lines: order.lines }} returns={returns} token={token} unfit={unfit} />
        </section>
      )}
      {order.paid && <OrderReceipt order={order} />}
      <p className="text-sm text-slate-600">
        Lost the link later?{' '}
        <Link href="/orders/lookup" className="font-semibold text-brand-700 underline">
          Find my order
        </Link>
      </p>
    </div>
  );
}
