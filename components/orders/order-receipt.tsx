import { OrderAmounts } from '@/components/orders/order-amounts';
import { PrintButton } from '@/components/orders/print-button';
import { LocalTime } from '@/components/ui/local-time';
import { SITE_NAME } from '@/lib/core/site';
import type { OrderDTO } from '@/lib/orders';

export const RECEIPT_ID = 'order-receipt';

/** Printing the order page prints only the receipt: whatever neither holds nor is inside it is removed (no blank pages). */
const PRINT_CSS = `@media print {
  body *:not(:has(#${RECEIPT_ID})):not(#${RECEIPT_ID}):not(#${RECEIPT_ID} *) { display: none !important; }
  body, main, #${RECEIPT_ID} { background: #fff !important; }
  #${RECEIPT_ID} { box-shadow: none !important; border: 0 !important; padding: 0 !important; }
}`;

/** The receipt of a paid order: what was bought, for how much, when, and the payment's transaction id. */
export function OrderReceipt({ order }: { order: OrderDTO }) {
  return (
    <section id={RECEIPT_ID} aria-labelledby={`${RECEIPT_ID}-heading`} className="space-y-4 rounded-2xl bg-white p-6 ring-1 ring-slate-200">
      <style>{PRINT_CSS}</style>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-sm font-semibold text-brand-700">{SITE_NAME}</p>
          <h3 id={`${RECEIPT_ID}-heading`} className="text-lg font-semibold text-slate-900">
            Receipt for order {order.number}
          </h3>
        </div>
        <PrintButton />
      </div>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-500">Paid</dt>
          <dd className="text-slate-900">{order.paidAt ? <LocalTime iso={order.paidAt} /> : 'Yes'}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Transaction id</dt>
          <dd className="font-mono break-all text-slate-900">{order.transactionId}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Billed to</dt>
          <dd className="break-words text-slate-900">
            {order.name}
            <br />
            {order.email}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Ship to</dt>
          <dd className="break-words text-slate-900">
            {order.address}
            <br />
            {order.phone}
          </dd>
        </div>
      </dl>
      <OrderAmounts order={order} totalLabel="Total paid" />
    </section>
  );
}
