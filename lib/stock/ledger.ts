import 'server-only';
import { Types } from 'mongoose';
import { catalogChanged } from '@/lib/catalog';
import { connectDb, STARTUP_READ_MS } from '@/lib/platform/db';
import { ClientGoneError, ConflictError, isDuplicateKey, NotFoundError, ServiceUnavailableError } from '@/lib/core/errors';
import { parseObjectId } from '@/lib/core/ids';
import { BatchedTurns, type Outcome } from '@/lib/stock/batched-turns';
import { Part, StockMove } from '@/models';
import { STOCK_REASONS, type StockReason } from '@/models/stock-move';

/** The stock ledger (DESIGN.md section 6): a move is inserted at stockSeq + 1 under a unique (partId, seq), so the unique key,
 * not a conditional update (FerretDB v1 reads then writes), prevents overselling. */

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
/** The part with only the turn's fields (and its `_id`), as a projection of TURN_FIELDS would answer it. */
const turnFields = (part: StockPart): StockPart =>
  Object.fromEntries(['_id', ...Object.keys(TURN_FIELDS)].map((field) => [field, part[field as keyof StockPart]])) as StockPart;

export type StockMoveOptions = {
  /** The request's signal: a departed client's move is never started. */
  signal?: AbortSignal;
  /** Judges the part as read in its turn; no other writer of this process can change the stock before the move is stored. */
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
export const STOCK_BUSY = 'Stock is busy right now, please try again in a moment';

// One line of turns per part for the whole process; a turn only holds moves of this module copy, so the
// errors it answers are this copy's classes (a queue made by another bundle's copy threw classes that
// this bundle's lib/platform/http did not recognize: a 500 instead of a 499 or 503).
const globalForTurns = globalThis as typeof globalThis & { __stockTurns?: ConstructorParameters<typeof BatchedTurns>[0] };
const turns = new BatchedTurns((globalForTurns.__stockTurns ??= new Map()));
/** The stock each part's latest turn in this process saw (a hint for refusing early, never for granting). */
const globalForSeen = globalThis as typeof globalThis & { __stockSeen?: Map<string, number>; __stockCarried?: Map<string, StockPart> };
const lastSeen = (globalForSeen.__stockSeen ??= new Map());
/** The part as a turn's last write left it, so the next consecutive turn of a busy line skips reading it again. */
const carried = (globalForSeen.__stockCarried ??= new Map());

const moveId = (partId: Types.ObjectId, seq: number) => `${String(partId)}:${seq}`;
/** An order's move of one part applies once; moves stored before multi-line orders carry `${orderId}:${reason}`. */
const orderKeyOf = (input: StockMoveInput) =>
  input.orderId ? `${String(input.orderId)}:${String(input.partId)}:${input.reason}` : undefined;

type StoredMove = { seq: number; after: number; orderKey?: string | null };

/** Move `seq` of a part: by _id, else by (partId, seq) for moves stored before the _id rule. */
async function findMove(partId: Types.ObjectId, seq: number): Promise<StoredMove | null> {
  const byId = await StockMove.findById(moveId(partId, seq), { seq: 1, after: 1, orderKey: 1 }).lean<StoredMove>();
  return byId ?? StockMove.findOne({ partId, seq }, { seq: 1, after: 1, orderKey: 1 }).lean<StoredMove>();
}

/** Writes the cached pair only if still at `fromSeq`, so a late writer never moves stock backwards; null when it moved on. */
async function writePair(partId: Types.ObjectId, fromSeq: number, available: number, seq: number): Promise<StockPart | null> {
  // Through the driver, as the turn's read and insert: updatedAt set here as Mongoose's timestamps would.
  // No projection: FerretDB's findAndModify does not take one.
  const part = await Part.collection.findOneAndUpdate(
    { _id: partId, stockSeq: fromSeq },
    { $set: { availableQuantity: available, stockSeq: seq, updatedAt: new Date() } },
    { returnDocument: 'after' },
  );
  return part && turnFields(part as unknown as StockPart);
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
  if (input.delta < 0 && seen !== undefined && seen + input.delta < 0 && turns.isBusy(String(partId)))
    throw new InsufficientStockError(seen);
  return turns.run(String(partId), { partId, input, deadline, options }, applyInTurn, {
    waitMs: STOCK_BUDGET_MS,
    signal: options.signal,
  });
}

type Pending = { partId: Types.ObjectId; input: StockMoveInput; deadline: number; options: StockMoveOptions };

/** Why a move cannot be made on the part as it stands in the turn (null: it can). */
function refusal({ input, deadline, options }: Pending, part: StockPart): Error | null {
  if (Date.now() > deadline) return new ServiceUnavailableError(STOCK_BUSY, 2);
  try {
    options.check?.(part);
  } catch (error) {
    return error as Error;
  }
  if (part.availableQuantity + input.delta < 0) return new InsufficientStockError(part.availableQuantity);
  if (options.signal?.aborted) return new ClientGoneError();
  return null;
}

/** A move judged possible in a turn: which pending move, at which seq, leaving what. */
type Planned = { index: number; seq: number; before: number; after: number };

/** One turn of a part: read once, moves judged in order and inserted at consecutive seqs; a duplicate seq means another process won,
 * so its move is rolled forward and the rest judged again. */
async function applyInTurn(key: string, pending: Pending[], continued: boolean): Promise<Array<Outcome<StockMoveResult>>> {
  const { partId } = pending[0]!;
  const outcomes: Array<Outcome<StockMoveResult> | undefined> = [];
  let next = 0;
  let crossedZero = false;
  // The part as this turn's last write left it (null once anything else was done after that write).
  let written: StockPart | null = continued ? (carried.get(key) ?? null) : null;
  carried.delete(key);
  while (next < pending.length) {
    const part = written ?? (await Part.collection.findOne<StockPart>({ _id: partId }, { projection: TURN_FIELDS }));
    written = null;
    if (!part) {
      for (; next < pending.length; next++) outcomes[next] = { ok: false, error: new NotFoundError('Part not found') };
      break;
    }
    const now = { ...part };
    const planned: Planned[] = [];
    for (; next < pending.length; next++) {
      const move = pending[next]!;
      const refused = refusal(move, { ...now });
      if (refused) {
        outcomes[next] = { ok: false, error: refused };
        continue;
      }
      planned.push({ index: next, seq: now.stockSeq + 1, before: now.availableQuantity, after: now.availableQuantity + move.input.delta });
      now.availableQuantity += move.input.delta;
      now.stockSeq += 1;
    }
    const { stored, failure, duplicate } = await insertMoves(partId, pending, planned);
    for (const move of planned.slice(0, stored)) {
      outcomes[move.index] = { ok: true, value: { applied: true, availableQuantity: move.after, seq: move.seq } };
      crossedZero ||= move.after === 0 || move.before === 0;
    }
    const last = planned[stored - 1];
    if (last) written = await writePair(partId, part.stockSeq, last.after, last.seq);
    lastSeen.set(String(partId), last?.after ?? part.availableQuantity);
    if (!failure) continue;
    if (failure instanceof UnknownWriteError) {
      // Which moves were stored is unknown: none is tried again (a move without an order key would be
      // stored twice); each planned one answers the error, and the next turn rolls the stored ones forward.
      for (const move of planned) outcomes[move.index] = { ok: false, error: failure.cause };
      continue;
    }
    // The moves after the one that failed were judged on stock that is not stored: judge them again.
    const clash = planned[stored]!;
    outcomes.length = clash.index;
    next = clash.index + 1;
    if (!duplicate) {
      outcomes[clash.index] = { ok: false, error: failure };
      continue;
    }
    const orderKey = orderKeyOf(pending[clash.index]!.input);
    written = null;
    const taken = await findMove(partId, clash.seq);
    if (taken) {
      // Another process moved first (or died before writing the pair): roll its move forward.
      await writePair(partId, clash.seq - 1, taken.after, clash.seq);
      if (orderKey && taken.orderKey === orderKey) {
        outcomes[clash.index] = { ok: true, value: { applied: false, availableQuantity: taken.after, seq: clash.seq } };
      } else {
        next = clash.index;
        await jitter();
      }
    } else if (orderKey) {
      // The slot is free, so the duplicate is this order's key: its move is already in the ledger.
      outcomes[clash.index] = { ok: true, value: { applied: false, availableQuantity: clash.before, seq: clash.seq - 1 } };
    } else {
      outcomes[clash.index] = { ok: false, error: failure };
    }
  }
  if (written) carried.set(key, written);
  if (crossedZero) await inStockChanged(partId);
  return outcomes.map((outcome) => outcome ?? { ok: false, error: new Error('A stock move was not judged') });
}

/** An insert that failed without saying which moves it stored (the connection lost). */
class UnknownWriteError extends Error {
  constructor(override readonly cause: unknown) {
    super('A stock write failed part way');
  }
}

/** Inserts the planned moves in one round trip; a failure that does not say where it stopped is an UnknownWriteError. */
async function insertMoves(
  partId: Types.ObjectId,
  pending: Pending[],
  planned: Planned[],
): Promise<{ stored: number; failure: unknown; duplicate: boolean }> {
  if (!planned.length) return { stored: 0, failure: null, duplicate: false };
  const at = new Date();
  const docs = planned.map(({ index, seq, after }) => {
    const { input } = pending[index]!;
    if (!STOCK_REASONS.includes(input.reason) || after < 0) throw new Error(`Not a stock move: ${input.reason}, ${after} after`);
    const orderKey = orderKeyOf(input);
    // The schema's document (models/stock-move.ts) as Mongoose would store it: no field for an absent
    // value, since the sparse unique index on orderKey skips only a missing field, not a null.
    return {
      _id: moveId(partId, seq),
      partId,
      seq,
      delta: input.delta,
      reason: input.reason,
      after,
      ...(input.orderId ? { orderId: new Types.ObjectId(String(input.orderId)) } : {}),
      ...(orderKey ? { orderKey } : {}),
      ...(input.by ? { by: input.by } : {}),
      at,
    };
  });
  try {
    // Through the driver: Mongoose's insertMany casts and validates each document again, a third of
    // the turn's CPU; the documents above are complete.
    await StockMove.collection.insertMany(docs as never[], { ordered: true });
    return { stored: planned.length, failure: null, duplicate: false };
  } catch (error) {
    const errors = (error as { writeErrors?: unknown }).writeErrors;
    const first = (Array.isArray(errors) ? errors[0] : errors) as { index?: unknown; code?: unknown } | undefined;
    // The first failed document's own code: a duplicate is another process's move (or this order's).
    if (typeof first?.index === 'number') return { stored: first.index, failure: error, duplicate: first.code === 11000 };
    return { stored: 0, failure: new UnknownWriteError(error), duplicate: false };
  }
}

/** A part ran out or came back: in-stock lists and every instance's search index must learn of it. */
async function inStockChanged(partId: Types.ObjectId): Promise<void> {
  await catalogChanged([String(partId)], { lists: true }).catch((error: unknown) =>
    console.error('[stock] could not publish a catalog change:', error),
  );
}

/** Rolls forward parts whose moves were stored but whose pair was not (the writer died); later writers repair the same on a duplicate key. */
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

/** Records move 1 before the part exists, so no reader ever sees a new part with the wrong stock. */
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

/**
 * Opens the stock of many parts that have none yet (stockSeq 0) at once, as a catalog loaded in bulk needs: each
 * part's first move, then its pair, a batch of each. A part whose first move exists already is left alone; a part
 * whose move was stored without its pair (a crash in between) is rolled forward by repairRecentStock. Answers how
 * many parts it opened.
 */
export async function openStock(entries: Array<{ partId: Types.ObjectId; quantity: number }>, reason: 'seed' | 'restock'): Promise<number> {
  let opened = 0;
  // A few dozen parts a command: FerretDB takes milliseconds a write, and one command must end within the socket timeout.
  for (let at = 0; at < entries.length; at += OPEN_PER_COMMAND) opened += await openSome(entries.slice(at, at + OPEN_PER_COMMAND), reason);
  return opened;
}

const OPEN_PER_COMMAND = 50;

async function openSome(entries: Array<{ partId: Types.ObjectId; quantity: number }>, reason: 'seed' | 'restock'): Promise<number> {
  const opening = entries.filter((entry) => entry.quantity > 0);
  if (!opening.length) return 0;
  await connectDb();
  const at = new Date();
  const moves = opening.map(({ partId, quantity }) => ({
    _id: moveId(partId, 1),
    partId,
    seq: 1,
    delta: quantity,
    reason,
    after: quantity,
    at,
  }));
  const lost = new Set<number>();
  try {
    await StockMove.collection.insertMany(moves as never[], { ordered: false });
  } catch (error) {
    const failed = (error as { writeErrors?: Array<{ index: number; code?: number }> }).writeErrors;
    if (!failed || !failed.every(isDuplicateKey)) throw error;
    for (const write of failed) lost.add(write.index);
  }
  const opened = opening.filter((_, index) => !lost.has(index));
  if (!opened.length) return 0;
  const { modifiedCount } = await Part.bulkWrite(
    opened.map(({ partId, quantity }) => ({
      updateOne: { filter: { _id: partId, stockSeq: 0 }, update: { $set: { availableQuantity: quantity, stockSeq: 1 } } },
    })),
    { ordered: false },
  );
  return modifiedCount;
}
