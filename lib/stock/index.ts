import 'server-only';
import type { Types } from 'mongoose';
import { catalogChanged } from '@/lib/catalog/changes';
import { connectDb, STARTUP_READ_MS } from '@/lib/platform/db';
import { ClientGoneError, ConflictError, NotFoundError, ServiceUnavailableError, isDuplicateKey } from '@/lib/platform/errors';
import { parseObjectId } from '@/lib/platform/ids';
import { KeyedQueue } from '@/lib/stock/keyed-queue';
import { Part, StockMove } from '@/models';
import type { StockReason } from '@/models/stock-move';

/**
 * The stock ledger (DESIGN.md section 6). Every change of stock is a StockMove with a unique
 * (partId, seq), stored under `_id` `${partId}:${seq}`; the part keeps (availableQuantity, stockSeq)
 * as a cached fold of moves 1..stockSeq. A move is only inserted at seq = stockSeq + 1 after checking
 * the fold it was computed from, so the unique key (enforced atomically by every MongoDB-protocol
 * server, FerretDB included) is what prevents overselling, not a conditional update.
 *
 * Writers of one part are serialized inside the process (a keyed queue), so a process never races
 * itself; between processes a lost race is a duplicate key, repaired by rolling the winner's move
 * forward. The hot path reads the part by _id, inserts the move and writes the pair: no ledger scan.
 */

export type StockMoveInput = {
  partId: string | Types.ObjectId;
  delta: number;
  reason: StockReason;
  orderId?: string | Types.ObjectId;
  by?: string;
};

/** The part as its turn reads it: the stock pair, and what a caller's check may need to judge the move. */
export type StockPart = {
  _id: Types.ObjectId;
  availableQuantity: number;
  stockSeq: number;
  name: string;
  price: number;
  minimumQuantity: number;
  archivedAt?: Date | null;
};

const TURN_FIELDS = { availableQuantity: 1, stockSeq: 1, name: 1, price: 1, minimumQuantity: 1, archivedAt: 1 } as const;

export type StockMoveOptions = {
  /** The request's signal: a departed client's move is never started. */
  signal?: AbortSignal;
  /**
   * Judges the part as read in its turn, before the move (throwing refuses it): a check made there
   * sees the stock no other writer of this process can change before the move is stored.
   */
  check?: (part: StockPart) => void;
};

export type StockMoveResult = {
  /** false when this order's move had already been applied (the call was a no-op). */
  applied: boolean;
  availableQuantity: number;
  seq: number;
};

export type StockHistoryEntry = {
  seq: number;
  delta: number;
  reason: StockReason;
  after: number;
  orderId: string | null;
  by: string | null;
  at: string;
};

/** A move that would take the stock below zero; callers word it for their reader (the order flow uses the spec's text). */
export class InsufficientStockError extends ConflictError {
  constructor(readonly available: number) {
    super(`Only ${available} pieces are in stock; the stock cannot go below zero`);
  }
}

/** How long a stock change may wait for its turn and retry before answering 503: seconds, never minutes. */
export const STOCK_BUDGET_MS = 8000;

// One chain per part for the whole process; the queue itself is this module copy's, so the errors it
// throws are this copy's classes (a queue made by another bundle's copy threw classes that this
// bundle's lib/platform/http did not recognize: a 500 instead of a 499 or 503).
const globalForQueue = globalThis as typeof globalThis & { __stockTurns?: Map<string, Promise<unknown>> };
const queue = new KeyedQueue((globalForQueue.__stockTurns ??= new Map()));
/** The stock each part's latest turn in this process saw (a hint for refusing early, never for granting). */
const globalForSeen = globalThis as typeof globalThis & { __stockSeen?: Map<string, number> };
const lastSeen = (globalForSeen.__stockSeen ??= new Map());

const moveId = (partId: Types.ObjectId, seq: number) => `${String(partId)}:${seq}`;
/**
 * `${orderId}:${partId}:${reason}`: an order's move of one part applies once (an order has a line per
 * part). Moves stored before orders had several lines carry `${orderId}:${reason}`.
 */
const orderKeyOf = (input: StockMoveInput) =>
  input.orderId ? `${String(input.orderId)}:${String(input.partId)}:${input.reason}` : undefined;

type StoredMove = { seq: number; after: number; orderKey?: string | null };

/** Move `seq` of a part: by _id, else by (partId, seq) for moves stored before the _id rule. */
async function findMove(partId: Types.ObjectId, seq: number): Promise<StoredMove | null> {
  const byId = await StockMove.findById(moveId(partId, seq), { seq: 1, after: 1, orderKey: 1 }).lean<StoredMove>();
  return byId ?? StockMove.findOne({ partId, seq }, { seq: 1, after: 1, orderKey: 1 }).lean<StoredMove>();
}

/** Writes the cached pair if it still stands at `fromSeq`, so a late writer never moves the stored stock backwards. */
async function writePair(partId: Types.ObjectId, fromSeq: number, available: number, seq: number): Promise<void> {
  await Part.updateOne({ _id: partId, stockSeq: fromSeq }, { $set: { availableQuantity: available, stockSeq: seq } });
}

const jitter = () => new Promise((resolve) => setTimeout(resolve, Math.random() * 5));

/** Applies one move through the ledger: in the part's turn, within STOCK_BUDGET_MS. */
export async function applyStockMove(input: StockMoveInput, options: StockMoveOptions = {}): Promise<StockMoveResult> {
  if (!Number.isInteger(input.delta) || input.delta === 0) throw new Error('A stock move needs a non-zero integer delta');
  const partId = parseObjectId(String(input.partId), 'Part not found');
  await connectDb();
  const deadline = Date.now() + STOCK_BUDGET_MS;
  // A taker joining a busy part's line is refused at once when the stock its turns last saw is already too
  // low: stock is only ever refused early, never granted (each turn reads the part again), so a burst of
  // buyers for the last units does not make the ones that cannot be served wait for a turn.
  const seen = lastSeen.get(String(partId));
  if (input.delta < 0 && seen !== undefined && seen + input.delta < 0 && queue.isBusy(String(partId)))
    throw new InsufficientStockError(seen);
  return queue.run(String(partId), () => applyInTurn(partId, input, deadline, options), {
    waitMs: STOCK_BUDGET_MS,
    signal: options.signal,
  });
}

async function applyInTurn(
  partId: Types.ObjectId,
  input: StockMoveInput,
  deadline: number,
  { signal, check }: StockMoveOptions,
): Promise<StockMoveResult> {
  const orderKey = orderKeyOf(input);
  for (;;) {
    if (Date.now() > deadline) throw new ServiceUnavailableError('Stock is busy right now, please try again in a moment', 2);
    const part = await Part.findById(partId, TURN_FIELDS).lean<StockPart>();
    if (!part) throw new NotFoundError('Part not found');
    lastSeen.set(String(partId), part.availableQuantity);
    check?.(part);
    const after = part.availableQuantity + input.delta;
    if (after < 0) throw new InsufficientStockError(part.availableQuantity);
    if (signal?.aborted) throw new ClientGoneError();
    const seq = part.stockSeq + 1;
    try {
      await StockMove.create({
        _id: moveId(partId, seq),
        partId,
        seq,
        delta: input.delta,
        reason: input.reason,
        after,
        orderId: input.orderId,
        orderKey,
        by: input.by,
      });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      const taken = await findMove(partId, seq);
      if (taken) {
        // Another process moved first (or died before writing the pair): roll its move forward.
        await writePair(partId, part.stockSeq, taken.after, seq);
        if (orderKey && taken.orderKey === orderKey) return { applied: false, availableQuantity: taken.after, seq };
        await jitter();
        continue;
      }
      // The next slot is free, so the duplicate is this order's key: its move is already in the ledger.
      if (orderKey) return { applied: false, availableQuantity: part.availableQuantity, seq: part.stockSeq };
      throw error;
    }
    await writePair(partId, part.stockSeq, after, seq);
    lastSeen.set(String(partId), after);
    if (after === 0 || part.availableQuantity === 0) await inStockChanged(partId);
    return { applied: true, availableQuantity: after, seq };
  }
}

/**
 * A part ran out of stock or came back: the lists filtered on "in stock" may hold other parts now
 * (every list expires), and every instance's search index learns of it.
 */
async function inStockChanged(partId: Types.ObjectId): Promise<void> {
  await catalogChanged([String(partId)], { lists: true }).catch((error: unknown) =>
    console.error('[stock] could not publish a catalog change:', error),
  );
}

/**
 * Rolls forward the parts whose latest moves were inserted but whose pair was never written (the
 * writer died in between). Runs at start over the recent moves; a later writer repairs the same on
 * its duplicate key anyway.
 */
export async function repairRecentStock(sinceMs = 30 * 60 * 1000): Promise<number> {
  await connectDb();
  // A start-up job's scan, not a request's: FerretDB reads the whole ledger for it (3 s idle with 100,000
  // parts' opening moves, over the 5 s a request's query may take while the first pages are served).
  const moves = await StockMove.find({ at: { $gte: new Date(Date.now() - sinceMs) } }, { partId: 1, seq: 1 })
    .maxTimeMS(STARTUP_READ_MS)
    .lean();
  const latest = new Map<string, number>();
  for (const move of moves) latest.set(String(move.partId), Math.max(latest.get(String(move.partId)) ?? 0, move.seq));
  let repaired = 0;
  for (const [id, lastSeq] of latest) {
    const partId = parseObjectId(id);
    const part = await Part.findById(partId, { stockSeq: 1 }).lean();
    for (let seq = (part?.stockSeq ?? lastSeq) + 1; part && seq <= lastSeq; seq++) {
      const move = await findMove(partId, seq);
      if (!move) break;
      await writePair(partId, seq - 1, move.after, seq);
      repaired++;
    }
  }
  return repaired;
}

/** True when the ledger holds an order's `order` move of a part (a rare lookup: the reconciliation's only). */
export async function orderMoveExists(orderId: Types.ObjectId, partId: Types.ObjectId): Promise<boolean> {
  await connectDb();
  const keys = [`${String(orderId)}:${String(partId)}:order`, `${String(orderId)}:order`];
  return Boolean(await StockMove.exists({ orderKey: { $in: keys } }));
}

/** The sum of every move of a part: the truth the cached availableQuantity must equal. */
export async function sumStockMoves(partId: string | Types.ObjectId): Promise<{ total: number; count: number }> {
  await connectDb();
  const moves = await StockMove.find({ partId: parseObjectId(String(partId)) }, { delta: 1 }).lean();
  return { total: moves.reduce((sum, move) => sum + move.delta, 0), count: moves.length };
}

/** A part's moves, newest first. */
export async function getStockHistory(partId: string, limit = 50): Promise<StockHistoryEntry[]> {
  const id = parseObjectId(partId, 'Part not found');
  await connectDb();
  const moves = await StockMove.find({ partId: id })
    .sort({ seq: -1 })
    .limit(Math.min(Math.max(limit, 1), 200))
    .lean();
  return moves.map((move) => ({
    seq: move.seq,
    delta: move.delta,
    reason: move.reason as StockReason,
    after: move.after,
    orderId: move.orderId ? String(move.orderId) : null,
    by: move.by ?? null,
    at: move.at.toISOString(),
  }));
}

/**
 * The opening stock of a part that is about to be created: move 1 is recorded first and the part is
 * then created with the pair it folds to, so no reader ever sees a new part with the wrong stock.
 * Answers the fields to create the part with.
 */
export async function recordOpeningStock(input: {
  partId: Types.ObjectId;
  quantity: number;
  reason: 'seed' | 'restock';
  by?: string;
}): Promise<{ availableQuantity: number; stockSeq: number }> {
  if (input.quantity <= 0) return { availableQuantity: 0, stockSeq: 0 };
  await connectDb();
  await StockMove.create({
    _id: moveId(input.partId, 1),
    partId: input.partId,
    seq: 1,
    delta: input.quantity,
    reason: input.reason,
    after: input.quantity,
    by: input.by,
  });
  return { availableQuantity: input.quantity, stockSeq: 1 };
}
