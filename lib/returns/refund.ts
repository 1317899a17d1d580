import 'server-only';
import type { Types } from 'mongoose';
import type { Actor } from '@/lib/auth';
import { AppError, ConflictError, isDuplicateKey, ServiceUnavailableError, ValidationError } from '@/lib/core/errors';
import { formatPrice, fromCents } from '@/lib/core/money';
import { getOrderForReturns, moneyLinePartIds, recordOrderRefund, type OrderDTO, type PaidOrderMoney } from '@/lib/orders';
import { getGateway } from '@/lib/payments';
import { SHOP_MISTAKES, type ReturnReason } from '@/lib/validations/returns';
import { ReturnStep } from '@/models';
import type { ReturnStepDoc } from '@/models/return';
import type { CoreOutcome } from '@/lib/core/return-fields';
import type { LeanReturn } from './dto';
import { refundDue, remainingPaid, type RefundClaimSummary } from './plan';

/**
 * A return's refund, exactly once: the claim `{returnId}:refund` fixes the amount and the gateway's idempotency key, and takes
 * the order's next refund number (unique), so two refunds of one order never pass what was paid; the gateway's answer is stored
 * once as `{returnId}:refunded`. A retry after a crash calls the gateway again with the same key.
 */

export type RefundClaim = ReturnStepDoc & { _id: string };
/** How long a claim's holder has to reach the gateway before a retry takes the refund over (with the same key). */
export const REFUND_LEASE_MS = 30_000;
/** How long a repeated click waits for the refund under way before answering 409. */
const WAIT_FOR_OUTCOME_MS = 5_000;
export const REFUND_UNDER_WAY = 'The refund of this return is under way: try again in a moment';
export const refundAbove = (cents: number) => `The refund of this return is at most ${formatPrice(fromCents(cents))}`;
export const aboveRemaining = (cents: number) => `Only ${formatPrice(fromCents(cents))} remains paid on this order`;
export const NO_PAYMENT = 'This order has no card payment to refund';

const refundKey = (returnId: Types.ObjectId | string) => `${String(returnId)}:refund`;
export const outcomeKey = (returnId: Types.ObjectId | string) => `${String(returnId)}:refunded`;

/** A claim's core outcome (null: not a core return's). */
export const coreDecisionOf = (claim: RefundClaim): CoreDecision | null =>
  (claim.data as { core?: CoreDecision } | undefined)?.core ?? null;

/** The refunds claimed on an order so far, oldest first. */
export async function refundHistory(orderId: Types.ObjectId | string): Promise<RefundClaimSummary[]> {
  const claims = await ReturnStep.find({ orderId, stage: 'refund' }).lean<RefundClaim[]>();
  return claims.map(summaryOf);
}

/** Every core return's refund claim, by order: one read, where a read per order would scan the claims once each on FerretDB v1. */
export async function coreClaimsByOrder(): Promise<Map<string, RefundClaimSummary[]>> {
  const claims = await ReturnStep.find({ stage: 'refund', 'data.core': { $exists: true } }).lean<RefundClaim[]>();
  const byOrder = new Map<string, RefundClaimSummary[]>();
  for (const claim of claims) byOrder.set(String(claim.orderId), [...(byOrder.get(String(claim.orderId)) ?? []), summaryOf(claim)]);
  return byOrder;
}

const summaryOf = (claim: RefundClaim): RefundClaimSummary => ({
  amountCents: claim.amountCents ?? 0,
  shipping: Boolean(claim.shipping),
  lines: ((claim.data as { lines?: RefundClaimSummary['lines'] } | undefined)?.lines ?? []).map((line) => ({ ...line })),
});

const refundedSum = (history: RefundClaimSummary[]) => history.reduce((sum, claim) => sum + claim.amountCents, 0);

/** A core return's outcome as the admin chose it (the claim keeps it, so a retry ends the same way). */
export type CoreDecision = { outcome: CoreOutcome; reason: string | null };

type ClaimInput = {
  ret: LeanReturn;
  order: OrderDTO;
  money: PaidOrderMoney;
  amountCents?: number;
  core?: CoreDecision;
  by: string;
  now: Date;
};

/** The amount of a new claim after `history`: the due amount (or less, as asked), never above what remains paid. */
function amountOf({ ret, order, money, amountCents }: ClaimInput, history: RefundClaimSummary[]) {
  const lines = ret.lines.map((line) => ({ partId: String(line.partId), quantity: line.quantity, ...(line.core ? { core: true } : {}) }));
  const due = refundDue(money, moneyLinePartIds(order), lines, history, SHOP_MISTAKES.includes(ret.reason as ReturnReason));
  const remaining = remainingPaid(money, history);
  if (amountCents !== undefined && amountCents > due.cents)
    throw new ValidationError(refundAbove(due.cents), { amount: [refundAbove(due.cents)] });
  const cents = amountCents ?? Math.min(due.cents, remaining);
  if (cents > remaining) throw new ConflictError(aboveRemaining(remaining));
  return { cents, shipping: due.shipping, lines };
}

/** The return's refund claim: this call's (won) or the one that stands. */
export async function claimRefund(input: ClaimInput): Promise<{ claim: RefundClaim; won: boolean }> {
  const _id = refundKey(input.ret._id);
  for (let attempt = 0; attempt < 40; attempt++) {
    const existing = await ReturnStep.findById(_id).lean<RefundClaim>();
    if (existing) return { claim: existing, won: false };
    const history = await refundHistory(input.ret.orderId);
    const { cents, shipping, lines } = amountOf(input, history);
    const claim = {
      _id,
      returnId: input.ret._id,
      orderId: input.ret.orderId,
      stage: 'refund' as const,
      action: 'refund',
      idempotencyKey: `return-${String(input.ret._id)}-refund`,
      by: input.by,
      at: input.now,
      data: { lines, ...(input.core ? { core: input.core } : {}) },
      orderSeq: `${String(input.ret.orderId)}:${history.length + 1}`,
      amountCents: cents,
      refundedAfterCents: refundedSum(history) + cents,
      shipping,
      leaseUntil: new Date(input.now.getTime() + REFUND_LEASE_MS),
    };
    try {
      await ReturnStep.create(claim);
      return { claim: claim as unknown as RefundClaim, won: true };
    } catch (error) {
      // This return's claim (read next time round), or another return's refund took this number: count again.
      if (!isDuplicateKey(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20));
    }
  }
  throw new ServiceUnavailableError('Refunds of this order are busy: try again in a moment');
}

/** Pays the claim back through the gateway with its stored key and stores the outcome once; answers whether this call stored it. */
async function payBack(claim: RefundClaim, order: OrderDTO): Promise<boolean> {
  let gatewayRefundId = 'none';
  if ((claim.amountCents ?? 0) > 0) {
    if (!order.transactionId) throw new ConflictError(NO_PAYMENT);
    try {
      const gateway = await getGateway();
      ({ id: gatewayRefundId } = await gateway.refundPart({
        intentId: order.transactionId,
        amountCents: claim.amountCents!,
        idempotencyKey: claim.idempotencyKey,
      }));
    } catch (error) {
      // Let the next click take it over at once, with the same key.
      await ReturnStep.updateOne({ _id: claim._id }, { $set: { leaseUntil: new Date(0) } });
      if (error instanceof AppError) throw error;
      console.error(`[returns] refund ${claim._id} failed at the gateway:`, error);
      throw new ServiceUnavailableError('The payment provider did not answer: try the refund again');
    }
  }
  try {
    await ReturnStep.create({ ...outcomeOf(claim), gatewayRefundId });
    return true;
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    return false;
  }
}

const outcomeOf = (claim: RefundClaim) => ({
  _id: outcomeKey(claim.returnId),
  returnId: claim.returnId,
  orderId: claim.orderId,
  stage: 'refunded' as const,
  action: 'refund',
  idempotencyKey: claim.idempotencyKey,
  by: claim.by,
  amountCents: claim.amountCents,
});

/** Whether this call may reach the gateway: it made the claim, or the holder's lease ran out and this call took it over. */
async function holdsClaim(claim: RefundClaim, won: boolean, now: Date): Promise<boolean> {
  if (won) return true;
  if (claim.leaseUntil && claim.leaseUntil.getTime() > now.getTime()) return false;
  const taken = await ReturnStep.updateOne(
    { _id: claim._id, leaseUntil: claim.leaseUntil },
    { $set: { leaseUntil: new Date(now.getTime() + REFUND_LEASE_MS) } },
  );
  return taken.modifiedCount === 1;
}

async function waitForOutcome(returnId: Types.ObjectId): Promise<boolean> {
  for (const deadline = Date.now() + WAIT_FOR_OUTCOME_MS; Date.now() < deadline;) {
    if (await ReturnStep.exists({ _id: outcomeKey(returnId) })) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/** Refunds a received return (admins): answers the claim, and whether this call stored the outcome (it audits and emails). */
export async function refundOnce(
  actor: Actor,
  ret: LeanReturn,
  { amountCents, core }: { amountCents?: number; core?: CoreDecision },
  now: Date,
): Promise<{ claim: RefundClaim; order: OrderDTO; stored: boolean }> {
  const { order, money: paid } = await getOrderForReturns(actor, String(ret.orderId));
  const { claim, won } = await claimRefund({ ret, order, money: paid, amountCents, core, by: actor.email, now });
  let stored = false;
  if (!(await ReturnStep.exists({ _id: outcomeKey(ret._id) }))) {
    if (await holdsClaim(claim, won, now)) stored = await payBack(claim, order);
    else if (!(await waitForOutcome(ret._id))) throw new ConflictError(REFUND_UNDER_WAY);
  }
  await recordOrderRefund(order._id, Number(claim.orderSeq?.split(':')[1] ?? 0), claim.refundedAfterCents ?? 0);
  return { claim, order, stored };
}
