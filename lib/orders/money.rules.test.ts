import fc from 'fast-check';
import {
  computeTotals,
  discountApplies,
  goodsDiscount,
  mulDivHalfUp,
  orderShares,
  orderTotalCents,
  shareOut,
  unitsShare,
  withCoreLines,
  type DiscountRule,
  type MoneyLine,
} from './money';
import { priceOf, shippingPrice, type ShippingRule } from '@/lib/checkout/shipping-price';

/**
 * The money rules of lib/orders/money.ts case by case, at their boundaries: each table holds one rule,
 * and a rule broken by one character (a `<=` made `<`, a rounding made a floor) fails its row.
 */

const line = (unitCents: number, quantity = 1, extra: Partial<MoneyLine> = {}): MoneyLine => ({
  unitCents,
  quantity,
  weightGrams: 0,
  ...extra,
});

// Three closed bands, no band past 20 kg; stored out of order, as an admin may have entered them.
const BANDS: ShippingRule = {
  bands: [
    { upToGrams: 5000, priceCents: 900 },
    { upToGrams: 2000, priceCents: 500 },
    { upToGrams: 20_000, priceCents: 1500 },
  ],
  freeOverCents: null,
};

describe('weight bands', () => {
  it.each([
    [0, 500],
    [1999, 500],
    [2000, 500],
    [2001, 900],
    [5000, 900],
    [5001, 1500],
    [20_000, 1500],
  ])('a parcel of %i g is priced by the band that holds it, its upper limit included: %i cents', (grams, cents) => {
    expect(shippingPrice(BANDS, grams, 0)).toBe(cents);
    expect(computeTotals([line(1000, 1, { weightGrams: grams })], { shipping: priceOf(BANDS), tax: null, discount: null })).toMatchObject({
      shippingCents: cents,
      weightGrams: grams,
      totalCents: 1000 + cents,
    });
  });

  it("an order at the top band's exact limit can be shipped; one gram more cannot", () => {
    // Two lines of 5 kg x 2: exactly 20 kg.
    const lines = [line(100, 2, { weightGrams: 5000 }), line(100, 2, { weightGrams: 5000 })];
    expect(computeTotals(lines, { shipping: priceOf(BANDS), tax: null, discount: null })).toMatchObject({
      shippingCents: 1500,
      weightGrams: 20_000,
    });
    expect(computeTotals([...lines, line(100, 1, { weightGrams: 1 })], { shipping: priceOf(BANDS), tax: null, discount: null })).toBeNull();
    expect(shippingPrice(BANDS, 20_001, 0)).toBeNull();
  });

  it('an open band (no limit) takes any weight past the closed ones, whatever its place in the list', () => {
    const open: ShippingRule = { bands: [{ upToGrams: null, priceCents: 4000 }, ...BANDS.bands], freeOverCents: null };
    expect(shippingPrice(open, 20_000, 0)).toBe(1500);
    expect(shippingPrice(open, 20_001, 0)).toBe(4000);
    expect(shippingPrice(open, 10_000_000, 0)).toBe(4000);
  });
});

describe('free shipping', () => {
  const FREE_FROM_75: ShippingRule = { bands: [{ upToGrams: null, priceCents: 600 }], freeOverCents: 7500 };
  const totals = (lines: MoneyLine[], discount: DiscountRule | null) =>
    computeTotals(lines, { shipping: priceOf(FREE_FROM_75), tax: null, discount })!;

  it.each([
    ['goods of $74.99, no code', 600, [line(7499)], null],
    ['goods of exactly $75.00', 0, [line(7500)], null],
    ['$80.00 less 10%: $72.00', 600, [line(8000)], { kind: 'percent', percent: 10 }],
    ['$80.00 less $5.00: exactly $75.00', 0, [line(8000)], { kind: 'fixed', amountCents: 500 }],
    ['$80.00 less $5.01: $74.99', 600, [line(8000)], { kind: 'fixed', amountCents: 501 }],
    [
      '$90.00 with 50% off its $20.00 of brakes: $80.00',
      0,
      [line(7000), line(2000, 1, { category: 'brakes' })],
      { kind: 'percent', percent: 50, categories: ['brakes'] },
    ],
    [
      '$80.00 with 50% off its $20.00 of brakes: $70.00',
      600,
      [line(6000), line(2000, 1, { category: 'brakes' })],
      { kind: 'percent', percent: 50, categories: ['brakes'] },
    ],
  ] as Array<[string, number, MoneyLine[], DiscountRule | null]>)(
    'is judged on the goods after the goods discount: %s pays %i cents of shipping',
    (_, shipping, lines, code) => {
      expect(totals(lines, code).shippingCents).toBe(shipping);
    },
  );

  it('a free-shipping code takes nothing off the goods, whatever amount or percent it still carries', () => {
    const stale: DiscountRule = { kind: 'free-shipping', percent: 50, amountCents: 500 };
    expect(goodsDiscount([line(2000), line(1000)], stale)).toEqual({ cents: 0, perLine: [0, 0] });
    expect(totals([line(2000)], stale)).toMatchObject({ goodsDiscountCents: 0, shippingDiscountCents: 600, totalCents: 2000 });
  });

  it('a free-shipping code takes off exactly the shipping price and leaves the goods alone', () => {
    const result = totals([line(2000)], { kind: 'free-shipping' });
    expect(result).toMatchObject({
      goodsCents: 2000,
      goodsDiscountCents: 0,
      shippingCents: 600,
      shippingDiscountCents: 600,
      discountCents: 600,
    });
    expect(result.totalCents).toBe(2000);
  });
});

describe('a percent discount', () => {
  it.each([
    [1235, 10, 124],
    [1234, 10, 123],
    [1225, 10, 123],
    [1224, 10, 122],
    [10, 15, 2],
    [1, 50, 1],
    [1, 49, 0],
    [999, 100, 999],
    [999, 0, 0],
  ])('of %i cents at %i%% is %i cents, rounded half up to the cent', (base, percent, cents) => {
    expect(goodsDiscount([line(base)], { kind: 'percent', percent }).cents).toBe(cents);
  });

  it('is within half a cent of the exact amount, a half cent rounded up (any goods, any percent)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 0, max: 100 }), (base, percent) => {
        const cents = goodsDiscount([line(base)], { kind: 'percent', percent }).cents;
        // 100 x cents - base x percent: the error in hundredths of a cent, in (-50, 50].
        const error = 100 * cents - base * percent;
        return error > -50 && error <= 50;
      }),
      { numRuns: 2000 },
    );
  });

  it('is kept between 0% and 100% whatever the stored percent', () => {
    expect(goodsDiscount([line(1000)], { kind: 'percent', percent: 150 }).cents).toBe(1000);
    expect(goodsDiscount([line(1000)], { kind: 'percent', percent: -20 }).cents).toBe(0);
    expect(goodsDiscount([line(1000)], { kind: 'percent', percent: null }).cents).toBe(0);
  });
});

describe('a fixed discount', () => {
  it.each([
    [500, 2000, 500],
    [2000, 2000, 2000],
    [2001, 2000, 2000],
    [-300, 2000, 0],
  ])('of %i cents on %i cents of goods takes off %i cents, never more than the goods', (amountCents, goods, cents) => {
    expect(goodsDiscount([line(goods)], { kind: 'fixed', amountCents }).cents).toBe(cents);
  });

  it('with no amount takes off nothing', () => {
    expect(goodsDiscount([line(2000)], { kind: 'fixed', amountCents: null }).cents).toBe(0);
  });
});

describe('a code limited to categories or brands', () => {
  it.each([
    ['Brembo', 'Brembo', true],
    ['Brembo', 'BREMBO', true],
    ['Brembo', 'brembo', true],
    ['bReMbO', 'Brembo', true],
    ['Brembo', 'Bosch', false],
    ['Brembo', null, false],
  ])('limited to brand %s applies to a part of brand %s: %s', (brand, partBrand, applies) => {
    expect(discountApplies({ brands: [brand] }, { brand: partBrand })).toBe(applies);
    const lines = [line(1000, 1, { brand: partBrand }), line(3000, 1, { brand: 'Mann' })];
    expect(goodsDiscount(lines, { kind: 'percent', percent: 10, brands: [brand] })).toEqual({
      cents: applies ? 100 : 0,
      perLine: [applies ? 100 : 0, 0],
    });
  });

  it('applies to a line of one of its categories or of one of its brands, and to no other line', () => {
    const rule = { categories: ['brakes', 'filters'], brands: ['Bosch', 'Mann'] };
    expect(discountApplies(rule, { category: 'filters', brand: null })).toBe(true);
    expect(discountApplies(rule, { category: 'engine', brand: 'MANN' })).toBe(true);
    expect(discountApplies(rule, { category: 'engine', brand: 'Brembo' })).toBe(false);
    expect(discountApplies(rule, { category: null, brand: null })).toBe(false);
    // No limit at all: every line.
    expect(discountApplies({}, { category: null, brand: null })).toBe(true);
    expect(discountApplies({ categories: [], brands: [] }, { category: 'engine', brand: 'Brembo' })).toBe(true);
  });
});

describe('sharing a discount over its lines', () => {
  it.each([
    [100, [333, 667], [33, 67]],
    [5, [1, 1, 1], [2, 2, 1]],
    [1, [1, 1], [1, 0]],
    [3, [0, 2, 2], [0, 2, 1]],
    // The larger line has the smaller remainder (3.33 against 0.67): the cent goes to the smaller line.
    [4, [1, 5], [1, 3]],
    [0, [5, 5], [0, 0]],
    [7, [0, 0], [0, 0]],
  ])(
    'shares %i cents over lines of %j in proportion, the cents left to the largest remainders, first line first: %j',
    (amount, weights, shares) => {
      expect(shareOut(amount, weights)).toEqual(shares);
    },
  );
});

describe('tax', () => {
  it('is rounded half up per line, then summed: two lines of 10 cents at 5% pay 1 cent each', () => {
    const tax = { ratePcm: 5000, taxShipping: false };
    expect(computeTotals([line(10), line(10)], { shipping: null, tax, discount: null })!.taxCents).toBe(2);
    expect(computeTotals([line(20)], { shipping: null, tax, discount: null })!.taxCents).toBe(1);
  });

  it('is computed on each line less its share of the discount, and on shipping only where the region taxes it', () => {
    const shipping: ShippingRule = { bands: [{ upToGrams: null, priceCents: 1000 }], freeOverCents: null };
    const code: DiscountRule = { kind: 'fixed', amountCents: 1000 };
    // Goods 30.00 and 10.00 less 10.00 shared 7.50 and 2.50: taxed 22.50 and 7.50 at 20%, shipping 10.00.
    const lines = [line(3000), line(1000)];
    const untaxed = computeTotals(lines, { shipping: priceOf(shipping), tax: { ratePcm: 20000, taxShipping: false }, discount: code })!;
    expect(untaxed).toMatchObject({ goodsDiscountCents: 1000, taxCents: 600, totalCents: 4000 - 1000 + 1000 + 600 });
    const taxed = computeTotals(lines, { shipping: priceOf(shipping), tax: { ratePcm: 20000, taxShipping: true }, discount: code })!;
    expect(taxed).toMatchObject({ taxCents: 800, totalCents: 4000 - 1000 + 1000 + 800 });
    // A free-shipping code: the shipping taxed is what is left of it, nothing.
    const freed = computeTotals(lines, {
      shipping: priceOf(shipping),
      tax: { ratePcm: 20000, taxShipping: true },
      discount: { kind: 'free-shipping' },
    })!;
    expect(freed).toMatchObject({ shippingDiscountCents: 1000, taxCents: 800, totalCents: 4000 + 800 });
  });
});

describe('an order total', () => {
  it('is what checkout stored, even 0; a spec order has its unit price times its quantity', () => {
    expect(orderTotalCents({ price: 19.99, quantity: 3, totalCents: 1234 })).toBe(1234);
    expect(orderTotalCents({ price: 19.99, quantity: 3, totalCents: 0 })).toBe(0);
    expect(orderTotalCents({ price: 19.99, quantity: 3, totalCents: null })).toBe(5997);
    expect(orderTotalCents({ price: 0.1, quantity: 3 })).toBe(30);
  });

  it('rounds a x b / c half up exactly', () => {
    expect(mulDivHalfUp(1, 1, 2)).toBe(1);
    expect(mulDivHalfUp(1, 1, 3)).toBe(0);
    expect(mulDivHalfUp(2, 1, 3)).toBe(1);
    expect(mulDivHalfUp(0, 7, 9)).toBe(0);
  });
});

describe('an order’s total shared out for refunds', () => {
  // Goods $97.48, 10% off ($9.75 shared 4.00, 3.75, 2.00), shipping $7, 20% tax on goods and shipping: $113.68.
  const paid = {
    lines: [line(4000), line(1250, 3), line(999, 2)],
    shippingCents: 700,
    discount: { kind: 'percent', amountCents: 975 },
    taxCents: 1895,
    totalCents: 11_368,
  };

  it('gives each line its goods less its discount share plus its tax share, and shipping the rest', () => {
    expect(orderShares(paid)).toEqual({ lines: [4320, 4050, 2158], shipping: 840 });
  });

  it('takes a free-shipping code off shipping only, and shares a total that disagrees with its parts in their proportion', () => {
    expect(orderShares({ ...paid, discount: { kind: 'free-shipping', amountCents: 700 }, taxCents: 0, totalCents: 9748 })).toEqual({
      lines: [4000, 3750, 1998],
      shipping: 0,
    });
    expect(orderShares({ lines: [line(1000), line(3000)], shippingCents: 0, discount: null, taxCents: 0, totalCents: 2000 })).toEqual({
      lines: [500, 1500],
      shipping: 0,
    });
  });

  it.each([
    [1000, 3, 0, 1, 333],
    [1000, 3, 1, 2, 333],
    [1000, 3, 2, 3, 334],
    [1000, 3, 0, 3, 1000],
    [1001, 2, 0, 1, 500],
    [1001, 2, 1, 2, 501],
    [0, 4, 0, 4, 0],
  ])('a line of %i cents and %i units: units %i to %i share %i', (share, quantity, from, to, expected) => {
    expect(unitsShare(share, quantity, from, to)).toBe(expected);
  });
});

describe('core deposits (rule 6)', () => {
  const core = (unitCents: number, quantity = 1): MoneyLine => ({ unitCents, quantity, weightGrams: 0, core: true });
  const tax10 = { ratePcm: 10_000, taxShipping: false };

  it('are their own line after the parts: one per part that carries one, at its quantity, weighing nothing', () => {
    const parts = [
      { unitCents: 12_000, quantity: 2, weightGrams: 6000, category: 'brakes', coreCents: 4500 },
      { unitCents: 900, quantity: 3, weightGrams: 100, coreCents: 0 },
      { unitCents: 5000, quantity: 1, weightGrams: 2000, coreCents: null },
    ];
    expect(withCoreLines(parts)).toEqual([
      { unitCents: 12_000, quantity: 2, weightGrams: 6000, category: 'brakes' },
      { unitCents: 900, quantity: 3, weightGrams: 100 },
      { unitCents: 5000, quantity: 1, weightGrams: 2000 },
      { unitCents: 4500, quantity: 2, weightGrams: 0, category: 'brakes', brand: undefined, core: true },
    ]);
  });

  it('are goods taxed per line like their part, rounded half up on their own', () => {
    // $10.05 part and $10.05 deposit at 10%: 100.5 cents each, so 101 + 101; one line of $20.10 would pay 201.
    const totals = computeTotals([line(1005), core(1005)], { shipping: null, tax: tax10, discount: null })!;
    expect(totals).toMatchObject({ goodsCents: 2010, taxCents: 202, totalCents: 2212 });
  });

  it.each([
    ['50% off', 5000, { kind: 'percent', percent: 50 }],
    ['$200 off (capped at the parts)', 10_000, { kind: 'fixed', amountCents: 20_000 }],
    ['50% off brakes (the deposit is a brake part’s)', 5000, { kind: 'percent', percent: 50, categories: ['brakes'] }],
  ] as Array<[string, number, DiscountRule]>)(
    'are never discounted: %s of a $100 part with a $40 deposit is %i cents',
    (_, cents, code) => {
      const lines = [line(10_000, 1, { category: 'brakes' }), { ...core(4000), category: 'brakes' }];
      expect(goodsDiscount(lines, code)).toMatchObject({ cents, perLine: [cents, 0] });
      expect(computeTotals(lines, { shipping: null, tax: null, discount: code })!.totalCents).toBe(14_000 - cents);
    },
  );

  it('do not count toward free shipping: a $70 part with a $10 deposit pays shipping, a $75 part does not', () => {
    const FREE_FROM_75: ShippingRule = { bands: [{ upToGrams: null, priceCents: 600 }], freeOverCents: 7500 };
    const shipping = (lines: MoneyLine[]) => computeTotals(lines, { shipping: priceOf(FREE_FROM_75), tax: null, discount: null })!;
    expect(shipping([line(7000), core(1000)]).shippingCents).toBe(600);
    expect(shipping([line(7500), core(1000)]).shippingCents).toBe(0);
  });

  it('share for refunds their deposit and its tax, and none of a code', () => {
    // $40 part, 10% off ($4), $15 deposit, 20% tax: 7.20 and 3.00; paid $61.20.
    const paid = {
      lines: [line(4000), core(1500)],
      shippingCents: 0,
      discount: { kind: 'percent', amountCents: 400 },
      taxCents: 1020,
      totalCents: 6120,
    };
    expect(orderShares(paid)).toEqual({ lines: [4320, 1800], shipping: 0 });
  });
});
