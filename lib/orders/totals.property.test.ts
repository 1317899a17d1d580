import fc from 'fast-check';
import { computeTotals, goodsDiscount, lineCents, mulDivHalfUp, shareOut, type DiscountRule, type MoneyLine } from './money';
import { priceOf, type ShippingRule } from '@/lib/checkout/shipping-price';

/**
 * The money rules (lib/orders/money.ts) over random carts, zones, codes and rates: the total is goods -
 * discount + shipping + tax under the written rounding rule, never negative, and a discount never
 * exceeds what it applies to.
 */

const CATEGORIES = ['brakes', 'filters', 'engine', 'suspension'];
const BRANDS = ['Bosch', 'Brembo', 'Mann', 'Bilstein'];

const line = fc.record({
  unitCents: fc.integer({ min: 1, max: 500_000 }),
  quantity: fc.integer({ min: 1, max: 200 }),
  weightGrams: fc.integer({ min: 0, max: 50_000 }),
  category: fc.constantFrom(...CATEGORIES, null),
  brand: fc.constantFrom(...BRANDS, null),
});

const shipping: fc.Arbitrary<ShippingRule> = fc.record({
  bands: fc
    .uniqueArray(fc.integer({ min: 1, max: 2_000_000 }), { minLength: 0, maxLength: 4 })
    .chain((limits) =>
      fc.tuple(
        fc.constant(limits.sort((a, b) => a - b)),
        fc.array(fc.integer({ min: 0, max: 20_000 }), { minLength: limits.length + 1, maxLength: limits.length + 1 }),
        fc.boolean(),
      ),
    )
    .map(([limits, prices, open]) => [
      ...limits.map((upToGrams, i) => ({ upToGrams, priceCents: prices[i]! })),
      ...(open ? [{ upToGrams: null, priceCents: prices[limits.length]! }] : []),
    ]),
  freeOverCents: fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: null }),
});

const discount: fc.Arbitrary<DiscountRule | null> = fc.option(
  fc.oneof(
    fc.record({
      kind: fc.constant('percent' as const),
      percent: fc.integer({ min: 1, max: 100 }),
      categories: fc.subarray(CATEGORIES),
      brands: fc.subarray(BRANDS),
    }),
    fc.record({
      kind: fc.constant('fixed' as const),
      amountCents: fc.integer({ min: 1, max: 10_000_000 }),
      categories: fc.subarray(CATEGORIES),
      brands: fc.subarray(BRANDS),
    }),
    fc.record({ kind: fc.constant('free-shipping' as const) }),
  ),
  { nil: null },
);

const tax = fc.option(fc.record({ ratePcm: fc.integer({ min: 0, max: 100_000 }), taxShipping: fc.boolean() }), { nil: null });

describe('the money rules, over random carts', () => {
  it('total = goods - discount + shipping + tax, never negative, discounts within what they apply to (10,000 runs)', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 50 }), shipping, discount, tax, (lines: MoneyLine[], ship, code, rate) => {
        const totals = computeTotals(lines, { shipping: ship && priceOf(ship), tax: rate, discount: code });
        const goods = lines.reduce((sum, l) => sum + l.unitCents * l.quantity, 0);
        const weight = lines.reduce((sum, l) => sum + l.weightGrams * l.quantity, 0);
        const fits = ship.bands.some((band) => band.upToGrams === null || weight <= band.upToGrams);
        if (!fits) return totals === null;
        if (!totals) return false;
        const { goodsDiscountCents, shippingCents, shippingDiscountCents, discountCents, taxCents, totalCents } = totals;
        const all = [goodsDiscountCents, shippingCents, shippingDiscountCents, discountCents, taxCents, totalCents];
        // Whole cents, never negative.
        if (!all.every((value) => Number.isInteger(value) && value >= 0)) return false;
        // The written rule.
        if (totals.goodsCents !== goods || totalCents !== goods - discountCents + shippingCents + taxCents) return false;
        if (discountCents !== goodsDiscountCents + shippingDiscountCents) return false;
        // A discount never exceeds what it applies to.
        const eligible = goodsDiscount(
          lines,
          code && code.kind !== 'free-shipping' ? { ...code, kind: 'fixed', amountCents: Number.MAX_SAFE_INTEGER } : null,
        ).cents;
        if (goodsDiscountCents > eligible || shippingDiscountCents > shippingCents) return false;
        // Tax per line on (line - its share), rounded half up, then summed; shipping's where taxed.
        const shares = goodsDiscount(lines, code).perLine;
        const ratePcm = rate?.ratePcm ?? 0;
        const expectedTax =
          lines.reduce((sum, l, i) => sum + mulDivHalfUp(lineCents(l) - shares[i]!, ratePcm, 100_000), 0) +
          (rate?.taxShipping ? mulDivHalfUp(shippingCents - shippingDiscountCents, ratePcm, 100_000) : 0);
        return taxCents === expectedTax && totalCents >= goods - discountCents;
      }),
      { numRuns: 10_000 },
    );
  });

  it('shares a discount exactly: the shares sum to it and none exceeds its line', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 50 }), fc.nat(), (weights, seed) => {
        const total = weights.reduce((sum, w) => sum + w, 0);
        const amount = total === 0 ? 0 : seed % (total + 1);
        const shares = shareOut(amount, weights);
        return shares.reduce((sum, s) => sum + s, 0) === amount && shares.every((s, i) => s >= 0 && s <= weights[i]!);
      }),
      { numRuns: 2_000 },
    );
  });

  it('rounds half up, exactly, where floating point would not', () => {
    expect(mulDivHalfUp(105, 1, 10)).toBe(11);
    expect(mulDivHalfUp(104, 1, 10)).toBe(10);
    // 0.1 + 0.2 style trouble: 1005 cents at 50% is 502.5, half up 503.
    expect(mulDivHalfUp(1005, 5000, 10_000)).toBe(503);
    expect(mulDivHalfUp(Number.MAX_SAFE_INTEGER, 10_000, 10_000)).toBe(Number.MAX_SAFE_INTEGER);
  });
});
