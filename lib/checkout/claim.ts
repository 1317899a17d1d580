import 'server-only';
import type { Types } from 'mongoose';
import { ConflictError, isDuplicateKey } from '@/lib/core/errors';
import { CheckoutClaim, Order } from '@/models';

/** How long a claim counts when its checkout never ends it (the process died). */
const CLAIM_MS = 60_000;
const WAIT_STEP_MS = 100;

type Claim = { _id: string; orderId: Types.ObjectId; until: Date };
const claims = () => CheckoutClaim.collection;

/**
 * Takes the one checkout of this cart version, waiting while another tab's checkout of it runs, so the attempts of
 * one cart never take each other's hold slots. Throws `alreadyOrdered` once that checkout stored the order;
 * answers the release to call when this checkout ends, stored or refused.
 */
export async function claimCheckout(version: string, orderId: Types.ObjectId, alreadyOrdered: string, signal?: AbortSignal) {
  for (;;) {
    try {
      await claims().insertOne({ _id: version, orderId, until: new Date(Date.now() + CLAIM_MS) } as never);
      return () => claims().deleteOne({ _id: version, orderId } as never);
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    if (await Order.exists({ cartVersion: version })) throw new ConflictError(alreadyOrdered);
    signal?.throwIfAborted();
    const held = await claims().findOne<Claim>({ _id: version } as never);
    if (held && held.until <= new Date()) await claims().deleteOne({ _id: version, until: held.until } as never);
    else await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
  }
}

/** Removes the claims of checkouts that died an hour ago or more: a periodic clean-up (they count only until `until`). */
export async function pruneCheckoutClaims(now = new Date()): Promise<number> {
  const { deletedCount } = await claims().deleteMany({ until: { $lt: new Date(now.getTime() - 60 * 60_000) } });
  return deletedCount;
}
