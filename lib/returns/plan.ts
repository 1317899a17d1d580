import { orderShares, unitsShare, type PaidOrderMoney } from '@/lib/orders';

/** What a return's refund comes to (pure): its units' share of what was paid, and shipping's share for the shop's mistake. */

/** A line of a return: units of a part, or (`core`) the core deposits of a part's units. */
export type ReturnedLine = { partId: string; quantity: number; core?: boolean };
export type RefundClaimSummary = { amountCents: number; shipping: boolean; lines: ReturnedLine[] };
export type RefundDue = { cents: number; shipping: boolean };

const sameLine = (a: Pick<ReturnedLine, 'partId' | 'core'>, b: Pick<ReturnedLine, 'partId' | 'core'>) =>
  a.partId === b.partId && Boolean(a.core) === Boolean(b.core);

/** The refund due for `lines` of an order whose money lines belong to the parts `linePartIds` (one per line, cores included), after the refunds `before`. */
export function refundDue(
  money: PaidOrderMoney,
  linePartIds: string[],
  lines: ReturnedLine[],
  before: RefundClaimSummary[],
  shopMistake: boolean,
): RefundDue {
  const shares = orderShares(money);
  let cents = 0;
  for (const line of lines) {
    const index = linePartIds.findIndex((partId, i) => sameLine({ partId, core: money.lines[i]?.core }, line));
    const bought = money.lines[index]?.quantity ?? 0;
    if (index < 0 || bought === 0) continue;
    const earlier = unitsBefore(before, line.partId, line.core);
    const upTo = Math.min(earlier + line.quantity, bought);
    cents += unitsShare(shares.lines[index]!, bought, Math.min(earlier, bought), upTo);
  }
  const shipping = shopMistake && shares.shipping > 0 && !before.some((claim) => claim.shipping);
  if (shipping) cents += shares.shipping;
  return { cents, shipping };
}

/** Units of a part (or, `core`, of its core deposits) that earlier refunds settled. */
export function unitsBefore(before: RefundClaimSummary[], partId: string, core = false): number {
  return before.reduce(
    (sum, claim) => sum + claim.lines.filter((line) => sameLine(line, { partId, core })).reduce((n, l) => n + l.quantity, 0),
    0,
  );
}

/** What remains paid on an order after the refunds `before`. */
export const remainingPaid = (money: PaidOrderMoney, before: RefundClaimSummary[]) =>
  money.totalCents - before.reduce((sum, claim) => sum + claim.amountCents, 0);
