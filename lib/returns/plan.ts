import { orderShares, unitsShare, type PaidOrderMoney } from '@/lib/orders';

/** What a return's refund comes to (pure): its units' share of what was paid, and shipping's share for the shop's mistake. */

export type RefundClaimSummary = { amountCents: number; shipping: boolean; lines: Array<{ partId: string; quantity: number }> };
export type ReturnedLine = { partId: string; quantity: number };
export type RefundDue = { cents: number; shipping: boolean };

/** The refund due for `lines` of an order whose parts are `orderPartIds` (its lines in order), after the refunds `before`. */
export function refundDue(
  money: PaidOrderMoney,
  orderPartIds: string[],
  lines: ReturnedLine[],
  before: RefundClaimSummary[],
  shopMistake: boolean,
): RefundDue {
  const shares = orderShares(money);
  let cents = 0;
  for (const line of lines) {
    const index = orderPartIds.indexOf(line.partId);
    const bought = money.lines[index]?.quantity ?? 0;
    if (index < 0 || bought === 0) continue;
    const earlier = unitsBefore(before, line.partId);
    const upTo = Math.min(earlier + line.quantity, bought);
    cents += unitsShare(shares.lines[index]!, bought, Math.min(earlier, bought), upTo);
  }
  const shipping = shopMistake && shares.shipping > 0 && !before.some((claim) => claim.shipping);
  if (shipping) cents += shares.shipping;
  return { cents, shipping };
}

/** Units of a part that earlier refunds paid back. */
export function unitsBefore(before: RefundClaimSummary[], partId: string): number {
  return before.reduce((sum, claim) => sum + claim.lines.filter((line) => line.partId === partId).reduce((n, l) => n + l.quantity, 0), 0);
}

/** What remains paid on an order after the refunds `before`. */
export const remainingPaid = (money: PaidOrderMoney, before: RefundClaimSummary[]) =>
  money.totalCents - before.reduce((sum, claim) => sum + claim.amountCents, 0);
