'use client';

import { priceOrFree, taxLabelOf } from '@/components/cart/cart-texts';
import type { CartView, Quote, QuoteMethod } from '@/components/cart/types';
import { Button } from '@/components/ui/button';
import { formatPrice } from '@/lib/core/money';
import { CORE_TEXT } from '@/lib/core/texts';

type CheckoutSummaryProps = {
  cart: CartView;
  quote: Quote | null;
  method: QuoteMethod | null;
  changed: string | null;
  submitting: boolean;
};

/** The summary's amounts above the total: the subtotal, then the chosen method's discount, shipping and tax. */
function summaryRows(cart: CartView, quote: Quote | null, method: QuoteMethod | null): Array<[string, string, string]> {
  const rows: Array<[string, string, string]> = [['Subtotal', formatPrice(quote?.subtotal ?? cart.subtotal), 'summary-subtotal']];
  if (method) {
    if (method.discount > 0) rows.push(['Discount', `-${formatPrice(method.discount)}`, 'summary-discount']);
    rows.push(['Shipping', priceOrFree(method.amount), 'summary-shipping']);
    rows.push([quote ? taxLabelOf(quote) : 'Tax', formatPrice(method.tax), 'summary-tax']);
  }
  return rows;
}

/** The order as it stands (the quote's lines once there is one), its amounts and total, and the submit button. */
export function CheckoutSummary({ cart, quote, method, changed, submitting }: CheckoutSummaryProps) {
  const lines = quote?.lines.length ? quote.lines : cart.lines;
  return (
    <section aria-labelledby="order-summary-heading" className="rounded-2xl bg-white p-5 ring-1 ring-slate-200 lg:sticky lg:top-24">
      <h2 id="order-summary-heading" className="text-lg font-semibold text-slate-900">
        Your order
      </h2>
      <ul className="mt-3 divide-y divide-slate-100 text-sm">
        {lines.flatMap((line) => [
          <li key={line.partId} className="flex justify-between gap-3 py-2">
            <span className="min-w-0 break-words text-slate-700">
              {line.name} <span className="text-slate-500">× {line.quantity}</span>
            </span>
            <span className="tabular-nums">{formatPrice(line.lineTotal)}</span>
          </li>,
          ...(line.core
            ? [
                <li key={`${line.partId}-core`} className="flex justify-between gap-3 py-2" data-testid="core-line">
                  <span className="min-w-0 break-words text-slate-700">
                    {CORE_TEXT.lineOf(line.name)} <span className="text-slate-500">× {line.core.quantity}</span>
                  </span>
                  <span className="tabular-nums">{formatPrice(line.core.lineTotal)}</span>
                </li>,
              ]
            : []),
        ])}
      </ul>
      <dl className="mt-3 space-y-1 border-t border-slate-200 pt-3 text-sm">
        {summaryRows(cart, quote, method).map(([label, value, testId]) => (
          <div key={label} className="flex justify-between">
            <dt className="text-slate-600">{label}</dt>
            <dd className="tabular-nums" data-testid={testId}>
              {value}
            </dd>
          </div>
        ))}
        <div className="flex justify-between pt-2 text-base">
          <dt className="font-semibold text-slate-900">Total</dt>
          <dd className="font-bold text-brand-700 tabular-nums" data-testid="summary-total">
            {method ? formatPrice(method.total) : '—'}
          </dd>
        </div>
      </dl>
      {changed && (
        <p
          role="alert"
          className="mt-3 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200"
          data-testid="price-changed"
        >
          {changed}
        </p>
      )}
      <Button type="submit" size="lg" className="mt-4 w-full" loading={submitting} disabled={!method}>
        Place order and pay
      </Button>
      <p className="mt-2 text-xs text-slate-500">You pay by card on the next page.</p>
    </section>
  );
}
