import fc from 'fast-check';
import { computeTotals, orderShares, type DiscountRule, type PaidOrderMoney } from '@/lib/orders/money';
import { refundDue, remainingPaid, type RefundClaimSummary } from './plan';

/**
 * Refunds of random partial returns (lib/returns/plan.ts over lib/orders/money.ts): each refund is what remains of its units'
 * shares, the sum never exceeds what the order was paid, and once every unit is back it equals the lines' shares (and
 * shipping's, once, when a return was the shop's mistake).
 */

const order = fc
  .record({
    lines: fc.array(fc.record({ unitCents: fc.integer({ min: 1, max: 200_000 }), quantity: fc.integer({ min: 1, max: 12 }) }), {
      minLength: 1,
      maxLength: 5,
    }),
    shipping: fc.integer({ min: 0, max: 5_000 }),
    discount: fc.option(
      fc.oneof(
        fc.record({ kind: fc.constant('percent' as const), percent: fc.integer({ min: 1, max: 100 }) }),
        fc.record({ kind: fc.constant('fixed' as const), amountCents: fc.integer({ min: 1, max: 500_000 }) }),
        fc.record({ kind: fc.constant('free-shipping' as const) }),
      ),
      { nil: null },
    ),
    tax: fc.option(fc.record({ ratePcm: fc.integer({ min: 0, max: 30_000 }), taxShipping: fc.boolean() }), { nil: null }),
  })
  .map(({ lines, shipping, discount, tax }): PaidOrderMoney => {
    const money = lines.map((line) => ({ ...line, weightGrams: 0 }));
    const totals = computeTotals(money, { shipping: shipping ? () => shipping : null, tax, discount: discount as DiscountRule | null })!;
    return {
      lines,
      shippingCents: totals.shippingCents,
      discount: discount ? { kind: discount.kind, amountCents: totals.discountCents } : null,
      taxCents: totals.taxCents,
      totalCents: totals.totalCents,
    };
  });

/** Returns as [line, units wanted, shop's mistake], taken while units are left; the last takes everything left. */
const returns = fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 12 }), fc.boolean()), { maxLength: 12 });

describe('refunds of random partial returns', () => {
  it('never sum above what was paid, and equal the lines’ shares once every unit is back', () => {
    fc.assert(
      fc.property(order, returns, (money, wanted) => {
        const ids = money.lines.map((_, i) => `part-${i}`);
        const left = money.lines.map((line) => line.quantity);
        const history: RefundClaimSummary[] = [];
        const refund = (lines: Array<{ partId: string; quantity: number }>, mistake: boolean) => {
          const due = refundDue(money, ids, lines, history, mistake);
          const amountCents = Math.min(due.cents, remainingPaid(money, history));
          expect(amountCents).toBeGreaterThanOrEqual(0);
          history.push({ amountCents, shipping: due.shipping, lines });
        };
        for (const [pick, units, mistake] of wanted) {
          const index = pick % ids.length;
          const quantity = Math.min(units, left[index]!);
          if (!quantity) continue;
          left[index]! -= quantity;
          refund([{ partId: ids[index]!, quantity }], mistake);
        }
        const sum = () => history.reduce((total, claim) => total + claim.amountCents, 0);
        expect(sum()).toBeLessThanOrEqual(money.totalCents);
        refund(
          ids.map((partId, i) => ({ partId, quantity: left[i]! })).filter((line) => line.quantity > 0),
          false,
        );
        const shares = orderShares(money);
        const shippingBack = history.some((claim) => claim.shipping) ? shares.shipping : 0;
        expect(sum()).toBe(shares.lines.reduce((total, share) => total + share, 0) + shippingBack);
        expect(sum()).toBeLessThanOrEqual(money.totalCents);
      }),
      { numRuns: 300 },
    );
  });

  it('share every order’s total out exactly, no share negative', () => {
    fc.assert(
      fc.property(order, (money) => {
        const shares = orderShares(money);
        expect([...shares.lines, shares.shipping].every((share) => share >= 0)).toBe(true);
        expect(shares.lines.reduce((total, share) => total + share, shares.shipping)).toBe(money.totalCents);
      }),
      { numRuns: 300 },
    );
  });
});
