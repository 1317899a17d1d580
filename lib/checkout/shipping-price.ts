import type { ShippingPrice } from '@/lib/orders';

/** A shipping method's price rule (DESIGN.md section 6a, rule 3 of lib/orders/money.ts): pure, tested with the money rules. */

export type WeightBand = { upToGrams: number | null; priceCents: number };
export type ShippingRule = { bands: WeightBand[]; freeOverCents: number | null };

/** A method's price for this weight and goods amount (rule 3); null when no band holds the weight. */
export function shippingPrice(rule: ShippingRule, weightGrams: number, goodsAfterDiscountCents: number): number | null {
  const band = [...rule.bands]
    .sort((a, b) => (a.upToGrams ?? Infinity) - (b.upToGrams ?? Infinity))
    .find((candidate) => candidate.upToGrams === null || weightGrams <= candidate.upToGrams);
  if (!band) return null;
  if (rule.freeOverCents !== null && goodsAfterDiscountCents >= rule.freeOverCents) return 0;
  return band.priceCents;
}

/** A method's rule as computeTotals takes it. */
export const priceOf =
  (rule: ShippingRule): ShippingPrice =>
  (weightGrams, goodsAfterDiscountCents) =>
    shippingPrice(rule, weightGrams, goodsAfterDiscountCents);
