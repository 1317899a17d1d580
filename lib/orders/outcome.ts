import 'server-only';
import type { Types } from 'mongoose';
import { ConflictError, isDuplicateKey } from '@/lib/core/errors';
import { OrderOutcome } from '@/models';

export type Outcome = 'paid' | 'cancelled';

/** Claims an order's single outcome; the unique index on orderId makes paying and cancelling exclude each other on every server. */
export async function claimOutcome(
  orderId: Types.ObjectId,
  outcome: Outcome,
  extra: { intentId?: string; amountCents?: number; by?: string },
) {
  try {
    await OrderOutcome.create({ orderId, outcome, ...extra });
    return { outcome, intentId: extra.intentId ?? null, won: true };
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    const existing = await OrderOutcome.findOne({ orderId }).lean();
    // No outcome for this order: the duplicate was the intent id, already used to pay another order.
    if (!existing) throw new ConflictError('This payment was already used for another order');
    return { outcome: existing.outcome as Outcome, intentId: existing.intentId ?? null, won: false };
  }
}
