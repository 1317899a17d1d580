import fc from 'fast-check';
import { computeTotals, orderShares, withCoreLines, type DiscountRule, type PaidOrderMoney } from '@/lib/orders/money';
import { refundDue, remainingPaid, type RefundClaimSummary, type ReturnedLine } from './plan';

/**
 * Refunds of random partial returns of parts and core deposits (lib/returns/plan.ts over lib/orders/money.ts): each refund is what remains of its units'
 * shares, the sum never exceeds what the order was paid, and once every unit is back it equals the lines' shares (and
 * shipping's, once, when a return was the shop's mistake).
 */

const order = fc
  .record({
    lines: fc.array(
      fc.record({
        unitCents: fc.integer({ min: 1, max: 200_000 }),
        quantity: fc.integer({ min: 1, max: 12 }),
        // A core deposit on some parts (rule 6 of lib/orders/money.ts): its own line, never discounted.
        coreCents: fc.option(fc.integer({ min: 1, max: 50_000 }), { nil: null }),
      }),
      { minLength: 1, maxLength: 5 },
    ),
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
  .map(({ lines, shipping, discount, tax }): PaidOrderMoney & { partIds: string[] } => {
    const money = withCoreLines(lines.map((line) => ({ ...line, weightGrams: 0 })));
    const totals = computeTotals(money, { shipping: shipping ? () => shipping : null, tax, discount: discount as DiscountRule | null })!;
    return {
      lines: money.map(({ unitCents, quantity, core }) => ({ unitCents, quantity, core })),
      // The part of each money line: the parts', then their cores'.
      partIds: [...lines.map((_, i) => `part-${i}`), ...lines.flatMap((line, i) => (line.coreCents ? [`part-${i}`] : []))],
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
        const ids = money.partIds;
        const left = money.lines.map((line) => line.quantity);
        const history: RefundClaimSummary[] = [];
        const refund = (lines: ReturnedLine[], mistake: boolean) => {
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
          refund([{ partId: ids[index]!, quantity, core: money.lines[index]!.core }], mistake);
        }
        const sum = () => history.reduce((total, claim) => total + claim.amountCents, 0);
        expect(sum()).toBeLessThanOrEqual(money.totalCents);
        refund(
          ids.map((partId, i) => ({ partId, quantity: left[i]!, core: money.lines[i]!.core })).filter((line) => line.quantity > 0),
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

  it('give a core deposit back whole, whatever code the order used (untaxed orders: its share is its price)', () => {
    fc.assert(
      fc.property(order, (money) => {
        fc.pre(money.taxCents === 0);
        const shares = orderShares(money);
        money.lines.forEach((line, i) => {
          if (line.core) expect(shares.lines[i]).toBe(line.unitCents * line.quantity);
        });
      }),
      { numRuns: 300 },
    );
  });
});
