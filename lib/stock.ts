import { Types } from 'mongoose';
import { connectDb } from '@/lib/db';
import { ConflictError, NotFoundError, ServiceUnavailableError, isDuplicateKey } from '@/lib/errors';
import { Part, StockMove } from '@/models';
import type { StockReason } from '@/models/stock-move';

/**
 * The stock ledger. Every change of stock is a StockMove with a unique (partId, seq); the part keeps
 * (availableQuantity, stockSeq) as a cached fold of moves 1..stockSeq. A move is only inserted at
 * seq = stockSeq + 1 after checking the fold it was computed from, so the unique index (enforced
 * atomically by every MongoDB-protocol server, FerretDB included) is what prevents overselling, not
 * a conditional update.
 */

export type StockMoveInput = {
  partId: string | Types.ObjectId;
  delta: number;
  reason: StockReason;
  orderId?: string | Types.ObjectId;
  by?: string;
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

export class InsufficientStockError extends ConflictError {
  constructor(readonly available: number) {
    super('Sorry! please order lower or equal of available pieces');
  }
}

const MAX_ATTEMPTS = 400;

function backoff(attempt: number): Promise<void> {
  const ceiling = Math.min(40, 2 + attempt * 2);
  return new Promise((resolve) => setTimeout(resolve, Math.random() * ceiling));
}

function orderKeyOf(orderId: StockMoveInput['orderId'], reason: StockReason): string | undefined {
  return orderId ? `${String(orderId)}:${reason}` : undefined;
}

/** Writes the cached pair; a stale write (FerretDB applies it read-then-write) is repaired by rollForward. */
async function writePair(partId: Types.ObjectId, fromSeq: number, available: number, seq: number): Promise<void> {
  await Part.updateOne({ _id: partId, stockSeq: fromSeq }, { $set: { availableQuantity: available, stockSeq: seq } });
}

/** Applies one move through the ledger, retrying when another writer took the next sequence number. */
export async function applyStockMove(input: StockMoveInput): Promise<StockMoveResult> {
  if (!Number.isInteger(input.delta) || input.delta === 0) throw new Error('A stock move needs a non-zero integer delta');
  if (!Types.ObjectId.isValid(input.partId)) throw new NotFoundError('Part not found');
  await connectDb();
  const partId = new Types.ObjectId(String(input.partId));
  const orderKey = orderKeyOf(input.orderId, input.reason);

  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const part = await Part.findById(partId, { availableQuantity: 1, stockSeq: 1 }).lean();
    if (!part) throw new NotFoundError('Part not found');

    const pending = await StockMove.findOne({ partId, seq: part.stockSeq + 1 }, { seq: 1, after: 1 }).lean();
    if (pending) {
      await writePair(partId, part.stockSeq, pending.after, pending.seq);
      continue;
    }
    if (orderKey) {
      const done = await StockMove.findOne({ orderKey }, { seq: 1 }).lean();
      if (done) return { applied: false, availableQuantity: part.availableQuantity, seq: part.stockSeq };
    }

    const after = part.availableQuantity + input.delta;
    if (after < 0) throw new InsufficientStockError(part.availableQuantity);
    const seq = part.stockSeq + 1;
    try {
      await StockMove.create({
        partId,
        seq,
        delta: input.delta,
        reason: input.reason,
        after,
        orderId: input.orderId ? new Types.ObjectId(String(input.orderId)) : undefined,
        orderKey,
        by: input.by,
      });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      await backoff(attempt);
      continue;
    }
    await writePair(partId, part.stockSeq, after, seq);
    return { applied: true, availableQuantity: after, seq };
  }
  throw new ServiceUnavailableError('Stock is busy right now, please try again');
}

/** The sum of every move of a part: the truth the cached availableQuantity must equal. */
export async function sumStockMoves(partId: string | Types.ObjectId): Promise<{ total: number; count: number }> {
  await connectDb();
  const moves = await StockMove.find({ partId: new Types.ObjectId(String(partId)) }, { delta: 1 }).lean();
  return { total: moves.reduce((sum, move) => sum + move.delta, 0), count: moves.length };
}

/** A part's moves, newest first. */
export async function getStockHistory(partId: string, limit = 50): Promise<StockHistoryEntry[]> {
  if (!Types.ObjectId.isValid(partId)) throw new NotFoundError('Part not found');
  await connectDb();
  const moves = await StockMove.find({ partId: new Types.ObjectId(partId) })
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
    partId: input.partId,
    seq: 1,
    delta: input.quantity,
    reason: input.reason,
    after: input.quantity,
    by: input.by,
  });
  return { availableQuantity: input.quantity, stockSeq: 1 };
}
