import { toCents } from '@/lib/core/money';

/**
 * The shop's money, in integer cents: the one module that computes an order's amounts (DESIGN.md
 * section 6a). The cart, the quote, the checkout, the order's `total`, its emails and receipt, My
 * Orders, Manage Orders, the admin overview's revenue and the payment amount all come from here.
 *
 * The rounding rule, written once:
 * 1. goods = the sum of unit price x quantity per line (prices are whole cents);
 * 2. a goods discount is computed on the lines it applies to (percent: rounded half up), never more
 *    than they cost, and shared over those lines in proportion to their amounts (each line's share
 *    rounded down, the cents left over given to the lines with the largest remainders, first line first);
 * 3. shipping is the method's weight band price (free from its threshold, judged on goods after the
 *    discount); a free-shipping code takes off exactly that price;
 * 4. tax is computed per line on (line - its discount share), rounded half up, then summed; shipping
 *    (after its discount) is taxed the same way where the region taxes it;
 * 5. total = goods - discount + shipping + tax, where discount = goods discount + shipping discount;
 * 6. a part's core deposit is its own line (the part line's quantity, no weight), taxed like any line; no code discounts it,
 *    and it does not count toward free shipping (it is paid back when the old part comes back).
 * No amount is ever negative; a discount never exceeds what it applies to.
 */

/** a x b / c rounded half up, for non-negative integers (exact: no floating-point division of money). */
export function mulDivHalfUp(a: number, b: number, c: number): number {
  const product = BigInt(a) * BigInt(b);
  const divisor = BigInt(c);
  return Number((product * 2n + divisor) / (divisor * 2n));
}

export type MoneyLine = {
  unitCents: number;
  quantity: number;
  weightGrams: number;
  category?: string | null;
  brand?: string | null;
  /** A core deposit line (rule 6). */
  core?: boolean;
};

/** What a shipping method charges for a weight and the goods after discount, in cents (null: no band holds the weight); lib/checkout/shipping.ts prices its methods. */
export type ShippingPrice = (weightGrams: number, goodsAfterDiscountCents: number) => number | null;
/** A tax rate in thousandths of a percent (8875 is 8.875%), so that rates with three decimals are exact. */
export type TaxRule = { ratePcm: number; taxShipping: boolean };
/** A whole rate (100%) in TaxRule's unit. */
export const FULL_RATE_PCM = 100_000;
export type DiscountRule = {
  kind: 'percent' | 'fixed' | 'free-shipping';
  percent?: number | null;
  amountCents?: number | null;
  categories?: string[];
  brands?: string[];
};

export type Totals = {
  goodsCents: number;
  goodsDiscountCents: number;
  shippingCents: number;
  shippingDiscountCents: number;
  discountCents: number;
  taxCents: number;
  totalCents: number;
  weightGrams: number;
};

export const lineCents = (line: Pick<MoneyLine, 'unitCents' | 'quantity'>) => line.unitCents * line.quantity;

export function goodsCents(lines: Array<Pick<MoneyLine, 'unitCents' | 'quantity'>>): number {
  return lines.reduce((sum, line) => sum + lineCents(line), 0);
}

/** A part line and what its core deposit is per unit (0 or absent: none). */
export type PartMoneyLine = MoneyLine & { coreCents?: number | null };

/** The money lines of part lines (rule 6): the parts in their order, then one core line per part that carries a deposit. */
export function withCoreLines(lines: PartMoneyLine[]): MoneyLine[] {
  const parts = lines.map((line) => {
    const part: MoneyLine & { coreCents?: number | null } = { ...line };
    delete part.coreCents;
    return part as MoneyLine;
  });
  const cores = lines
    .filter((line) => (line.coreCents ?? 0) > 0)
    .map((line) => ({
      unitCents: line.coreCents!,
      quantity: line.quantity,
      weightGrams: 0,
      category: line.category,
      brand: line.brand,
      core: true,
    }));
  return [...parts, ...cores];
}

/** The goods that are sales, not deposits (rule 6). */
const salesCents = (lines: Array<Pick<MoneyLine, 'unitCents' | 'quantity' | 'core'>>) => goodsCents(lines.filter((line) => !line.core));

export function weightOf(lines: Array<Pick<MoneyLine, 'weightGrams' | 'quantity'>>): number {
  return lines.reduce((sum, line) => sum + line.weightGrams * line.quantity, 0);
}

/** Whether a code limited to categories or brands applies to this line (an unlimited code applies to every line). */
export function discountApplies(rule: Pick<DiscountRule, 'categories' | 'brands'>, line: Pick<MoneyLine, 'category' | 'brand'>): boolean {
  const categories = rule.categories ?? [];
  const brands = rule.brands ?? [];
  if (!categories.length && !brands.length) return true;
  return (
    (line.category != null && categories.includes(line.category)) ||
    (line.brand != null && brands.some((brand) => brand.toLowerCase() === line.brand!.toLowerCase()))
  );
}

/** Shares `amount` over `weights` in proportion (rule 2): each share at most its weight, the sum exactly `amount`. */
export function shareOut(amount: number, weights: number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total === 0 || amount === 0) return weights.map(() => 0);
  const exact = weights.map((weight) => BigInt(amount) * BigInt(weight));
  const shares = exact.map((value) => Number(value / BigInt(total)));
  let left = amount - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value % BigInt(total) }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of byRemainder) {
    if (left === 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

/** The goods discount of a code on these lines (rule 2), and its share per line. */
export function goodsDiscount(lines: MoneyLine[], rule: DiscountRule | null): { cents: number; perLine: number[] } {
  if (!rule || rule.kind === 'free-shipping') return { cents: 0, perLine: lines.map(() => 0) };
  const eligible = lines.map((line) => (!line.core && discountApplies(rule, line) ? lineCents(line) : 0));
  const base = eligible.reduce((sum, cents) => sum + cents, 0);
  const wanted =
    rule.kind === 'percent' ? mulDivHalfUp(base, Math.min(Math.max(rule.percent ?? 0, 0), 100), 100) : Math.max(rule.amountCents ?? 0, 0);
  const cents = Math.min(wanted, base);
  return { cents, perLine: shareOut(cents, eligible) };
}

/** Every amount of an order (rules 1-5), for one shipping price (null: no shipping, as the spec's one-part order). */
export function computeTotals(
  lines: MoneyLine[],
  { shipping, tax, discount }: { shipping: ShippingPrice | null; tax: TaxRule | null; discount: DiscountRule | null },
): Totals | null {
  const goods = goodsCents(lines);
  const weightGrams = weightOf(lines);
  const { cents: goodsDiscountCents, perLine } = goodsDiscount(lines, discount);
  const shippingCents = shipping ? shipping(weightGrams, salesCents(lines) - goodsDiscountCents) : 0;
  if (shippingCents === null) return null;
  const shippingDiscountCents = discount?.kind === 'free-shipping' ? shippingCents : 0;
  const rate = tax?.ratePcm ?? 0;
  const goodsTax = lines.reduce((sum, line, i) => sum + mulDivHalfUp(lineCents(line) - perLine[i]!, rate, FULL_RATE_PCM), 0);
  const shippingTax = tax?.taxShipping ? mulDivHalfUp(shippingCents - shippingDiscountCents, rate, FULL_RATE_PCM) : 0;
  const taxCents = goodsTax + shippingTax;
  const discountCents = goodsDiscountCents + shippingDiscountCents;
  return {
    goodsCents: goods,
    goodsDiscountCents,
    shippingCents,
    shippingDiscountCents,
    discountCents,
    taxCents,
    totalCents: goods - discountCents + shippingCents + taxCents,
    weightGrams,
  };
}

/** An order's total in cents: what checkout stored, or a spec order's unit price times its quantity. */
export function orderTotalCents(order: { price: number; quantity: number; totalCents?: number | null }): number {
  return typeof order.totalCents === 'number' ? order.totalCents : toCents(order.price) * order.quantity;
}

/** What an order stored about its money, as a refund shares it. */
export type PaidOrderMoney = {
  lines: Array<Pick<MoneyLine, 'unitCents' | 'quantity' | 'core'>>;
  shippingCents: number;
  discount: { kind: DiscountRule['kind'] | string; amountCents: number } | null;
  taxCents: number;
  totalCents: number;
};

/** Where every cent an order was paid for belongs: each line's share and shipping's, summing exactly to its total. */
export type OrderShares = { lines: number[]; shipping: number };

/**
 * An order's total shared out (for refunds): each line carries its goods less its share of the goods discount (in proportion
 * to the line, rule 2), shipping carries its price less a free-shipping code, and the tax is shared over both in proportion;
 * the order keeps no per-line tax, and a code limited to some categories is shared over every part line (never a core line).
 */
export function orderShares(order: PaidOrderMoney): OrderShares {
  const goods = order.lines.map(lineCents);
  const freeShipping = order.discount?.kind === 'free-shipping';
  const goodsDiscount = freeShipping ? 0 : Math.min(order.discount?.amountCents ?? 0, salesCents(order.lines));
  const shippingNet = order.shippingCents - (freeShipping ? Math.min(order.discount?.amountCents ?? 0, order.shippingCents) : 0);
  const discounts = shareOut(
    goodsDiscount,
    goods.map((cents, i) => (order.lines[i]!.core ? 0 : cents)),
  );
  const net = [...goods.map((cents, i) => cents - discounts[i]!), shippingNet];
  const taxes = shareOut(order.taxCents, net);
  // A stored total that disagrees with its parts (an older order) is shared in their proportion: the shares always sum to it.
  const shares = shareOut(
    order.totalCents,
    net.map((cents, i) => cents + taxes[i]!),
  );
  return { lines: shares.slice(0, -1), shipping: shares.at(-1)! };
}

/** A line's share for units `from` (exclusive) to `to` (inclusive) of its `quantity`: the shares of all its units sum to the line's. */
export function unitsShare(lineShare: number, quantity: number, from: number, to: number): number {
  return Math.floor((lineShare * to) / quantity) - Math.floor((lineShare * from) / quantity);
}
