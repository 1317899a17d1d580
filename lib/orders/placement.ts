import 'server-only';
import mongoose, { type Types } from 'mongoose';
import { catalogChanged } from '@/lib/catalog';
import { runOrderReleases } from './release-hooks';
import { batched } from '@/lib/platform/batch';
import { TEXT } from '@/lib/core/texts';
import { connectDb } from '@/lib/platform/db';
import { orderHoldMs } from '@/lib/platform/env';
import { ConflictError, NotFoundError, ServiceUnavailableError, isDatabaseDown, isDuplicateKey } from '@/lib/core/errors';
import { OutcomeUnknownError, runSteps, type Step } from '@/lib/core/steps';
import type { OrderDTO } from '@/lib/orders/types';
import { applyStockMove, InsufficientStockError, orderMoveExists, STOCK_BUSY, type StockPart } from '@/lib/stock';
import { toOrderDTO, type LeanOrder } from '@/lib/orders/dto';
import { allocateOrderNumber } from '@/lib/orders/numbers';
import { dropHold, reserveHold, type HoldClient } from '@/lib/orders/holds';
import { claimOutcome } from '@/lib/orders/outcome';
import { Order, OrderIntent, Part } from '@/models';
import type { OrderDoc } from '@/models/order';

/** Placing an order all or nothing (DESIGN.md sections 6 and 6a): named steps, each with its undo; a dead process leaves the
 * intent for reconcileOrderIntents. Stock is taken in part-id order so two carts never wait on each other in a circle. */

export type LineRequest = { partId: Types.ObjectId; quantity: number };

/** How old an intent must be before the reconciliation takes it for a dead process's and gives its stock back. */
export const INTENT_GRACE_MS = 60_000;

/** Why a line was refused in its turn; the caller words it (the spec's text, or a checkout's new quote). */
export class LineRefusedError extends ConflictError {
  constructor(
    message: string,
    readonly partId: string,
  ) {
    super(message);
  }
}

export const byPartId = <T extends LineRequest>(lines: T[]) => [...lines].sort((a, b) => String(a.partId).localeCompare(String(b.partId)));

/** Writes the intent of an order's lines (the first line in its own fields, the others in `lines`). */
export async function writeIntent(orderId: Types.ObjectId, lines: LineRequest[], by: string): Promise<void> {
  const [first, ...rest] = lines;
  await OrderIntent.create({ _id: orderId, partId: first!.partId, quantity: first!.quantity, lines: rest.length ? rest : undefined, by });
}

export const intentLines = (intent: { partId: Types.ObjectId; quantity: number; lines?: LineRequest[] | null }): LineRequest[] => [
  { partId: intent.partId, quantity: intent.quantity },
  ...(intent.lines ?? []),
];

/** Gives back the stock of an order's lines (once each: the ledger's unique order key). Answers how many moves it applied. */
export async function returnLines(orderId: Types.ObjectId, lines: LineRequest[], by: string): Promise<number> {
  let applied = 0;
  for (const line of byPartId(lines)) {
    try {
      const move = await applyStockMove({ partId: line.partId, delta: line.quantity, reason: 'cancel', orderId, by });
      if (move.applied) applied++;
    } catch (error) {
      // A part deleted since the order has no stock to return.
      if (!(error instanceof NotFoundError)) throw error;
    }
  }
  if (lines.length) await catalogChanged(lines.map((line) => String(line.partId)));
  return applied;
}

/** The lines whose stock the order took (an order that takes its stock at payment may have taken none yet). */
export async function takenLines(orderId: Types.ObjectId, lines: LineRequest[]): Promise<LineRequest[]> {
  const taken = await Promise.all(lines.map((line) => orderMoveExists(orderId, line.partId)));
  return lines.filter((_, i) => taken[i]);
}

/** Takes every line's stock or none, in each part's turn. Past `deadline` it gives all back (503), so the reconciliation
 * never mistakes a slow placement for a dead one. */
export async function takeLines(
  orderId: Types.ObjectId,
  lines: LineRequest[],
  by: string,
  {
    signal,
    check,
    deadline = Date.now() + INTENT_GRACE_MS / 2,
  }: { signal?: AbortSignal; check?: (part: StockPart, line: LineRequest) => void; deadline?: number } = {},
): Promise<Map<string, StockPart>> {
  const taken: LineRequest[] = [];
  const parts = new Map<string, StockPart>();
  try {
    for (const line of byPartId(lines)) {
      await applyStockMove(
        { partId: line.partId, delta: -line.quantity, reason: 'order', orderId, by },
        {
          signal,
          check: (part) => {
            check?.(part, line);
            parts.set(String(line.partId), part);
          },
        },
      );
      taken.push(line);
    }
    if (Date.now() > deadline) throw new ServiceUnavailableError(STOCK_BUSY, 2);
  } catch (error) {
    await returnLines(orderId, taken, 'system');
    if (error instanceof InsufficientStockError) {
      const line = byPartId(lines)[taken.length]!;
      throw new LineRefusedError(TEXT.overStock, String(line.partId));
    }
    throw error;
  }
  return parts;
}

/** Takes stock at payment; false when a line cannot be had. Lines taken stay for the caller: a racing call may have paid with them. */
export async function takeAtPayment(orderId: Types.ObjectId, lines: LineRequest[], by: string): Promise<boolean> {
  for (const line of byPartId(lines)) {
    try {
      await applyStockMove(
        { partId: line.partId, delta: -line.quantity, reason: 'order', orderId, by },
        {
          check: (part) => {
            if (part.archivedAt) throw new NotFoundError('Part not found');
          },
        },
      );
    } catch (error) {
      if (error instanceof InsufficientStockError || error instanceof NotFoundError) return false;
      throw error;
    }
  }
  return true;
}

const STOCK_FIELDS = { availableQuantity: 1, stockSeq: 1, name: 1, price: 1, minimumQuantity: 1, archivedAt: 1 } as const;

/** Judges every line on its part as stored now, without taking stock: an order that takes its stock at payment. */
async function judgeLines(lines: LineRequest[], check?: (part: StockPart, line: LineRequest) => void): Promise<Map<string, StockPart>> {
  const parts = new Map<string, StockPart>();
  for (const line of byPartId(lines)) {
    const part = await Part.collection.findOne<StockPart>({ _id: line.partId }, { projection: STOCK_FIELDS });
    if (!part) throw new NotFoundError('Part not found');
    check?.(part, line);
    if (part.availableQuantity < line.quantity) throw new LineRefusedError(TEXT.overStock, String(line.partId));
    parts.set(String(line.partId), part);
  }
  return parts;
}

/** Intents of stored orders, removed a batch at a time; one left behind is cleared by reconcileOrderIntents. */
export const storedIntents = batched<Types.ObjectId>('orders', (ids) => OrderIntent.deleteMany({ _id: { $in: ids } }));

/** An order's own fields: the spec's (its first line's), and a checkout's (lines, address, shipping, amounts). */
export type OrderFields = Pick<OrderDoc, 'partId' | 'partName' | 'price' | 'name' | 'email' | 'address' | 'phone' | 'quantity'> &
  Record<string, unknown>;

/** Marks an order id as never to be stored: an insert of it still on its way is born cancelled (its stock already back). */
async function fence(orderId: Types.ObjectId): Promise<void> {
  await claimOutcome(orderId, 'cancelled', { by: 'abandoned' });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The order if an insert that failed was stored all the same, null when fenced; OutcomeUnknownError when the database cannot tell. */
async function storedDespite(error: unknown, orderId: Types.ObjectId): Promise<LeanOrder | null> {
  // Refused before anything was written (the document's own validation), or by a unique key.
  if (error instanceof mongoose.Error.ValidationError) return null;
  if (isDuplicateKey(error)) return Order.findById(orderId).lean<LeanOrder>();
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const found = await Order.findById(orderId).lean<LeanOrder>();
      if (found) return found;
      await fence(orderId);
      return null;
    } catch (lookup) {
      if (!isDatabaseDown(lookup)) break;
      await pause(250 * 2 ** attempt);
    }
  }
  throw new OutcomeUnknownError(error);
}

/** Stores an order whose stock was taken (or is taken at payment): unpaid, pending, until holdUntil. */
async function storeOrder(
  orderId: Types.ObjectId,
  fields: OrderFields & { holdUntil: Date; stockAtPayment?: true; holdSlots?: string[] },
): Promise<OrderDTO> {
  const doc = { ...fields, _id: orderId, number: await allocateOrderNumber(), paid: false, status: 'pending' as const };
  try {
    return toOrderDTO((await Order.create(doc)).toObject<LeanOrder>());
  } catch (error) {
    const stored = await storedDespite(error, orderId);
    if (stored) return toOrderDTO(stored);
    throw error;
  }
}

export type Placement = {
  orderId: Types.ObjectId;
  lines: Array<LineRequest & { unitCents: number }>;
  email: string;
  client: HoldClient;
  /** A verified account's order holds for ORDER_HOLD_MINUTES, a guest's or an unverified one's for GUEST_HOLD_MINUTES. */
  verified: boolean;
  signal?: AbortSignal;
  /** Judges a part before its stock is taken (throw to refuse). */
  check?: (part: StockPart, line: LineRequest) => void;
  /** The caller's steps between the intent and the stock (a checkout's code). */
  steps?: Array<Step<Placing>>;
  /** The order's own fields, from the parts as their turns read them. */
  fields: (parts: Map<string, StockPart>) => OrderFields;
};
type Placing = Placement & { holdUntil: Date; slots: string[] | null; parts: Map<string, StockPart>; order: OrderDTO | null };
export type Placed = { order: OrderDTO; parts: Map<string, StockPart>; held: boolean };

const PLACEMENT_STEPS: Array<Step<Placing>> = [
  {
    name: 'hold',
    run: async (p) => void (p.slots = await reserveHold(p.client, p.orderId, p.lines, p.holdUntil)),
    undo: async (p) => dropHold({ _id: p.orderId, holdSlots: p.slots }),
  },
  {
    name: 'stock',
    run: async (p) => {
      p.parts = p.slots
        ? await takeLines(p.orderId, p.lines, p.email, { signal: p.signal, check: p.check })
        : await judgeLines(p.lines, p.check);
    },
    undo: async (p) => void (p.slots && (await returnLines(p.orderId, p.lines, 'system'))),
  },
  {
    name: 'store',
    run: async (p) => {
      const hold = p.slots ? { holdSlots: p.slots } : { stockAtPayment: true as const };
      p.order = await storeOrder(p.orderId, { ...p.fields(p.parts), holdUntil: p.holdUntil, ...hold });
    },
  },
];

/** Places an order through its steps (see above). The stock's pages expire; a failure after the order was stored never undoes it. */
export async function placeLines(placement: Placement): Promise<Placed> {
  const placing: Placing = {
    ...placement,
    holdUntil: new Date(Date.now() + orderHoldMs(placement.verified)),
    slots: null,
    parts: new Map(),
    order: null,
  };
  const intent: Step<Placing> = {
    name: 'intent',
    run: (p) => writeIntent(p.orderId, p.lines, p.email),
    undo: async (p) => void (await OrderIntent.deleteOne({ _id: p.orderId })),
  };
  await runSteps([intent, ...(placement.steps ?? []), ...PLACEMENT_STEPS], placing);
  storedIntents.add(placement.orderId);
  // Only these parts' pages and the lists that show them; a failure here only delays them.
  if (placing.slots) await catalogChanged(placement.lines.map((line) => String(line.partId))).catch(logAfterStore('expire its pages'));
  return { order: placing.order!, parts: placing.parts, held: placing.slots !== null };
}

/** A step after the order was stored failed: the order stands, a reconciliation repairs the rest. */
export const logAfterStore = (what: string) => (error: unknown) =>
  console.error(`[orders] an order was stored but could not ${what}:`, error);

/** Settles a dead placement: its stored order stands; otherwise the id is fenced and its stock, code and holds go back once each. */
export async function abandonPlacement(
  orderId: Types.ObjectId,
  by = 'reconciliation',
): Promise<{ order: LeanOrder | null; returned: number }> {
  await connectDb();
  const order = await Order.findById(orderId).lean<LeanOrder>();
  if (order) return { order, returned: 0 };
  await fence(orderId);
  const intent = await OrderIntent.findById(orderId).lean();
  // Only a stock take that happened has anything to return: a cancel without an `order` move would create stock.
  const taken = intent ? await takenLines(orderId, intentLines(intent)) : [];
  const returned = taken.length ? await returnLines(orderId, taken, by) : 0;
  // Its hold's slots, if it took any, count only until its time to pay and are taken over after.
  await runOrderReleases(orderId);
  await OrderIntent.deleteOne({ _id: orderId });
  return { order: null, returned };
}

/** Settles intents older than the grace period (see abandonPlacement); safe in every instance at once. */
export async function reconcileOrderIntents(graceMs = INTENT_GRACE_MS): Promise<{ returned: number; cleared: number }> {
  await connectDb();
  const stale = await OrderIntent.find({ at: { $lt: new Date(Date.now() - graceMs) } }, { _id: 1 }).lean();
  let returned = 0;
  for (const intent of stale) {
    const settled = await abandonPlacement(intent._id);
    returned += settled.returned;
    // A stored order's intent is only a leftover of its batch delete.
    if (settled.order) await OrderIntent.deleteOne({ _id: intent._id });
  }
  return { returned, cleared: stale.length };
}
