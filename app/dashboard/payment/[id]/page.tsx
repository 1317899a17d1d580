import { PaymentForm } from '@/components/payments/payment-form';
import { HoldCountdown } from '@/components/orders/hold-countdown';
import { isDetailed, OrderAmounts } from '@/components/orders/order-amounts';
import { PaidBadge } from '@/components/orders/paid-badge';
import { requireViewer } from '@/lib/auth';
import { TEXT } from '@/lib/core/texts';
import { orNotFound } from '@/lib/core/not-found';
import { formatPrice } from '@/lib/core/money';
import { getOrder } from '@/lib/orders';
import { getPaymentClientConfig } from '@/lib/payments';

export const metadata = { title: 'Payment' };

export default async function PaymentPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const viewer = await requireViewer(`/dashboard/payment/${id}`);
  const order = await orNotFound(getOrder(viewer, id));
  const payments = await getPaymentClientConfig();
  const rows: Array<[string, string]> = [
    ['Customer', order.name],
    ['Part', order.partName],
    ['Price per piece', formatPrice(order.price)],
    ['Quantity', String(order.quantity)],
  ];
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="summary-heading" className="rounded-2xl bg-white p-6 ring-1 ring-slate-200">
        <h2 id="summary-heading" className="text-xl font-semibold text-slate-900">
          {isDetailed(order) ? `Pay for order ${order.number}` : `Pay for ${order.partName}`}
        </h2>
        {!order.paid && order.holdUntil && (
          <div className="mt-3">
            <HoldCountdown holdUntil={order.holdUntil} held={order.stockHeld} />
          </div>
        )}
        {isDetailed(order) ? (
          <div className="mt-4">
            <OrderAmounts order={order} />
          </div>
        ) : (
          <dl className="mt-4 divide-y divide-slate-100">
            {rows.map(([label, value]) => (
              <div key={label} className="flex justify-between gap-4 py-2">
                <dt className="text-slate-500">{label}</dt>
                <dd className="text-right font-medium text-slate-900">{value}</dd>
              </div>
            ))}
            <div className="flex justify-between gap-4 py-3 text-lg">
              <dt className="font-semibold text-slate-900">Total</dt>
              <dd className="font-bold text-brand-700" data-testid="order-total">
                {formatPrice(order.total)}
              </dd>
            </div>
          </dl>
        )}
      </section>
      <section aria-label="Card" className="rounded-2xl bg-white p-6 ring-1 ring-slate-200">
        {order.paid ? (
          <PaidBadge transactionId={order.transactionId} />
        ) : viewer.isAdmin ? (
          <p className="text-slate-600">{TEXT.adminCantPurchase}: only the customer pays an order.</p>
        ) : payments ? (
          <PaymentForm
            orderId={order._id}
            total={order.total}
            provider={payments.provider}
            publishableKey={payments.publishableKey}
            billing={{ name: viewer.name, email: viewer.email }}
          />
        ) : (
          <p className="text-slate-600">Card payments are not configured on this shop yet.</p>
        )}
      </section>
    </div>
  );
}
