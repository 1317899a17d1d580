import 'server-only';
import type { Types } from 'mongoose';
import { batched } from '@/lib/platform/batch';
import { connectDb } from '@/lib/platform/db';
import { env } from '@/lib/platform/env';
import { isDuplicateKey } from '@/lib/core/errors';
import { addressBucket } from '@/lib/rate-limit';
import { countedEmail } from '@/lib/orders/order-limits';
import { StockHold } from '@/models';

/** What one client holds unpaid (DESIGN.md section 6a), in numbered slots `${key}#${n}` taken by unique insert, so two racing
 * orders never both pass: the later one always reads the earlier one's slot. */

/** How many times a hold tries again for a slot another order took just before it. */
const CLAIM_ROUNDS = 3;

/** Who holds stock: the client's address, email and cart (a checkout's), each counted on its own. */
export type HoldClient = { ip: string | null; email: string; cart?: string };
export type HeldLine = { partId: Types.ObjectId; quantity: number; unitCents: number };

type Slot = { _id: string; orderId: Types.ObjectId; parts: Array<{ partId: Types.ObjectId; units: number }>; cents: number; until: Date };

export const holdKeys = ({ ip, email, cart }: HoldClient) => [
  ...(ip ? [`ip:${addressBucket(ip)}`] : []),
  `email:${countedEmail(email)}`,
  ...(cart ? [`cart:${cart}`] : []),
];

const slotsOf = (key: string) => Array.from({ length: env().UNPAID_HOLD_ORDERS }, (_, i) => `${key}#${i + 1}`);
const keyOf = (slotId: string) => slotId.slice(0, slotId.lastIndexOf('#'));

/** Every slot of these keys as stored now (by `_id`), the empty ones left out. */
async function readSlots(keys: string[]): Promise<Slot[]> {
  const found = await Promise.all(keys.flatMap(slotsOf).map((_id) => StockHold.collection.findOne<Slot>({ _id } as never)));
  return found.filter((slot): slot is Slot => slot !== null);
}

/** Inserts these slot documents, each on its own: answers the ids this call took (the others were taken). */
async function takeSlots(docs: Slot[]): Promise<string[]> {
  if (!docs.length) return [];
  try {
    await StockHold.collection.insertMany(docs as never[], { ordered: false });
    return docs.map((doc) => doc._id);
  } catch (error) {
    const failed = (error as { writeErrors?: Array<{ index: number; code?: number }> }).writeErrors;
    if (!failed || !failed.every(isDuplicateKey)) throw error;
    const lost = new Set(failed.map((write) => write.index));
    return docs.filter((_, i) => !lost.has(i)).map((doc) => doc._id);
  }
}

/** For each key without a slot: its first slot that is free, or held by an order past its time (removed first). */
async function nextFree(keys: string[], stored: Slot[], now: Date): Promise<string[]> {
  const byId = new Map(stored.map((slot) => [slot._id, slot]));
  const picks: string[] = [];
  for (const key of keys) {
    const slotId = slotsOf(key).find((id) => !byId.has(id) || byId.get(id)!.until <= now);
    if (!slotId) continue;
    const ended = byId.get(slotId);
    if (ended) await StockHold.collection.deleteOne({ _id: slotId, until: ended.until } as never);
    picks.push(slotId);
  }
  return picks;
}

/** Whether the live slots of one key, this order's included, stay within the limits for these parts. */
function withinLimits(slots: Slot[], partIds: string[]): boolean {
  const { UNPAID_HOLD_UNITS, UNPAID_HOLD_LIMIT } = env();
  const units = new Map<string, number>();
  let cents = 0;
  for (const slot of slots) {
    cents += slot.cents;
    for (const part of slot.parts) units.set(String(part.partId), (units.get(String(part.partId)) ?? 0) + part.units);
  }
  return cents <= UNPAID_HOLD_LIMIT * 100 && partIds.every((id) => (units.get(id) ?? 0) <= UNPAID_HOLD_UNITS);
}

/** Reserves an unpaid order's hold: its slot ids, or null when the order must take its stock at payment instead. */
export async function reserveHold(client: HoldClient, orderId: Types.ObjectId, lines: HeldLine[], until: Date): Promise<string[] | null> {
  const { UNPAID_HOLD_UNITS, UNPAID_HOLD_LIMIT, UNPAID_HOLD_ORDERS } = env();
  if (UNPAID_HOLD_ORDERS === 0) return [];
  const cents = lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0);
  if (cents > UNPAID_HOLD_LIMIT * 100 || lines.some((line) => line.quantity > UNPAID_HOLD_UNITS)) return null;
  const keys = holdKeys(client);
  const doc = { orderId, parts: lines.map((line) => ({ partId: line.partId, units: line.quantity })), cents, until };
  const taken = await takeSlots(keys.map((key) => ({ _id: `${key}#1`, ...doc })));
  let stored = await readSlots(keys);
  for (let round = 0; round < CLAIM_ROUNDS && taken.length < keys.length; round++) {
    const missing = keys.filter((key) => !taken.some((id) => keyOf(id) === key));
    const picks = await nextFree(missing, stored, new Date());
    taken.push(...(await takeSlots(picks.map((_id) => ({ _id, ...doc })))));
    stored = await readSlots(keys);
  }
  const now = new Date();
  const live = stored.filter((slot) => slot.until > now || slot.orderId.equals(orderId));
  const partIds = lines.map((line) => String(line.partId));
  if (
    taken.length === keys.length &&
    keys.every((key) =>
      withinLimits(
        live.filter((slot) => keyOf(slot._id) === key),
        partIds,
      ),
    )
  )
    return taken;
  dropHold({ _id: orderId, holdSlots: taken });
  return null;
}

/** The slots of an order, each only while it is still this order's (a slot another order took since is left alone). */
const slotsOfOrder = (order: { _id: Types.ObjectId; holdSlots?: string[] | null }) =>
  (order.holdSlots ?? []).map((_id) => ({ _id, orderId: order._id }));

/** Ends an order's hold: it was paid or cancelled. */
export async function releaseHold(order: { _id: Types.ObjectId; holdSlots?: string[] | null }): Promise<void> {
  await Promise.all(slotsOfOrder(order).map((slot) => StockHold.collection.deleteOne(slot as never)));
}

/** Refused placements' slots, given back a batch at a time; if lost, a slot counts only until its order's time to pay. */
export const refusedHolds = batched<{ _id: string; orderId: Types.ObjectId }>('holds', (slots) =>
  StockHold.collection.deleteMany({ $or: slots } as never),
);

/** Ends the hold of a placement that was refused. */
export const dropHold = (order: { _id: Types.ObjectId; holdSlots?: string[] | null }) => {
  for (const slot of slotsOfOrder(order)) refusedHolds.add(slot);
};

/** Removes the slots of orders whose time to pay ended an hour ago or more (they no longer count): a periodic clean-up. */
export async function pruneHolds(now = new Date()): Promise<number> {
  await connectDb();
  const { deletedCount } = await StockHold.collection.deleteMany({ until: { $lt: new Date(now.getTime() - 60 * 60_000) } });
  return deletedCount;
}
