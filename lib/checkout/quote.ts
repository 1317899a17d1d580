import 'server-only';
import type { CartLineView } from '@/lib/cart';
import { moneyLines } from '@/lib/cart';
import { computeTotals, type Totals } from '@/lib/orders';
import { fromCents } from '@/lib/core/money';
import { usableCode, type UsableCode } from './discounts';
import { priceOf } from './shipping-price';
import { estimateOf, methodsFor, type Destination, type Estimate, type ShippingMethod } from './shipping';
import { regionFollowsPostcode } from '@/lib/validations/regions';
import { taxService, type AppliedTax } from './tax';

/** A cart's delivered cost for an address per method (issue 29); the checkout places orders at exactly a fresh quote's amounts. */

export type QuoteMethod = {
  id: string;
  label: string;
  amount: number;
  estimate: Estimate;
  discount: number;
  tax: number;
  total: number;
};

export type Quote = {
  subtotal: number;
  discount: number;
  methods: QuoteMethod[];
  tax: number;
  total: number;
  currency: 'usd';
  taxLabel: string;
  /** The US state or Canadian province the postcode is in, whose rate applies; null elsewhere. */
  region: string | null;
  discountCode: { code: string; kind: UsableCode['kind'] } | null;
  lines: CartLineView[];
};

/** What a quote computed, kept for the checkout that follows it. */
export type PricedQuote = {
  quote: Quote;
  code: UsableCode | null;
  tax: AppliedTax | null;
  methods: Array<{ method: ShippingMethod; totals: Totals }>;
};

/** Lines the quote prices: those that can be ordered at all (an unavailable one is flagged in `lines`). */
export const orderableLines = (lines: CartLineView[]) => lines.filter((line) => !line.problems.includes('unavailable'));

export async function priceCart(
  lines: CartLineView[],
  destination: Destination,
  { discountCode, email, now = new Date() }: { discountCode?: string; email?: string | null; now?: Date } = {},
): Promise<PricedQuote> {
  const money = moneyLines(orderableLines(lines));
  const [methods, tax, code] = await Promise.all([
    methodsFor(destination),
    taxService().rateFor(destination),
    discountCode ? usableCode(discountCode, money, { email, now }) : null,
  ]);
  const priced = methods
    .map((method) => ({ method, totals: computeTotals(money, { shipping: priceOf(method), tax, discount: code }) }))
    .filter((entry): entry is { method: ShippingMethod; totals: Totals } => entry.totals !== null)
    .sort((a, b) => a.totals.totalCents - b.totals.totalCents || a.method.maxDays - b.method.maxDays);
  // No method: the goods alone (the page says the shop does not ship there).
  const head = priced[0]?.totals ?? computeTotals(money, { shipping: null, tax, discount: code })!;
  return {
    code,
    tax,
    methods: priced,
    quote: {
      subtotal: fromCents(head.goodsCents),
      discount: fromCents(head.discountCents),
      tax: fromCents(head.taxCents),
      total: fromCents(head.totalCents),
      currency: 'usd',
      taxLabel: tax?.label ?? 'Tax',
      region: regionFollowsPostcode(destination.country) ? (destination.region ?? null) : null,
      discountCode: code ? { code: code.code, kind: code.kind } : null,
      methods: priced.map(({ method, totals }) => ({
        id: method.id,
        label: method.label,
        amount: fromCents(totals.shippingCents),
        estimate: estimateOf(method, now),
        discount: fromCents(totals.discountCents),
        tax: fromCents(totals.taxCents),
        total: fromCents(totals.totalCents),
      })),
      lines,
    },
  };
}
