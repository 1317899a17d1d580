import 'server-only';
import { mongo } from 'mongoose';
import { connectDb } from '@/lib/platform/db';
import { isDuplicateKey } from '@/lib/core/errors';
import { CatalogChange, CatalogLogHead } from '@/models';

/** The catalog change log (DESIGN.md section 8a): appends claim the next `_id` by unique insert, so the log has no holes and
 * followers read the numbers after `seen` up to the first one not yet written. */
export type Change = { seq: number; partId: string; /** appended by this process */ own: boolean };

const MAX_ATTEMPTS = 500;
const KEEP_MS = 60 * 60 * 1000;
/** This process's own appends not yet read back by its follower (a bound in case none follows). */
const MAX_OWN = 100_000;

type LogState = { head: number; tail: Promise<unknown>; own: Set<number> };
const globalForLog = globalThis as typeof globalThis & { __catalogLog?: LogState };
const state = (globalForLog.__catalogLog ??= { head: -1, tail: Promise.resolve(), own: new Set() });

/** An entry's `_id`: its number as text, since FerretDB v1 finds a document through the `_id` index only by a string or an
 * ObjectId (a number it scans the log for); fixed width, so that text order is number order. */
export const logKey = (seq: number): string => String(seq).padStart(16, '0');

const HEAD_ID = 'head';

/**
 * The highest sequence number the log has reached, 0 when it never had one: from the head record up, by `_id` reads only
 * (doubling, then halving), since a sort of the log is a scan on FerretDB and an import leaves hundreds of thousands of
 * entries (over MONGODB_MAX_TIME_MS). The log has no holes above its oldest entry, and the head is at most a block behind.
 */
export async function latestSeq(): Promise<number> {
  await connectDb();
  const head = await CatalogLogHead.findById(HEAD_ID, { seq: 1 }).lean();
  // A log written before the head record: its last entry found once the slow way, and kept as the head.
  if (!head) return raiseHead(await lastBySort());
  let low = head.seq;
  let step = 1;
  while (await isLogged(low + step)) {
    low += step;
    step *= 2;
  }
  // low is logged (or the head), low + step is not: the last entry is between them.
  let high = low + step;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (await isLogged(middle)) low = middle;
    else high = middle;
  }
  return low;
}

async function lastBySort(): Promise<number> {
  const last = await CatalogChange.findOne({}, { _id: 1 }).sort({ _id: -1 }).maxTimeMS(STARTUP_SORT_MS).lean();
  return last ? Number(last._id) : 0;
}

/** The sort of an older log runs once per database, with more time than a page's query. */
const STARTUP_SORT_MS = 120_000;

/** Raises the head to `seq` (never lowers it; two processes raising it at once may leave the lower number, still a block
 * behind at most, which latestSeq reads past). */
async function raiseHead(seq: number): Promise<number> {
  await CatalogLogHead.updateOne({ _id: HEAD_ID }, { $max: { seq } }, { upsert: true }).catch((error: unknown) => {
    // Two first upserts at once: the other one inserted the head, which the next append raises.
    if (!isDuplicateKey(error)) throw error;
  });
  return seq;
}

/** Entries per insert: the next numbers in one ordered command (an import's batch names thousands of parts). */
const APPEND_BLOCK = 500;

/** Appends changes of these parts; appends of one process go one at a time. */
export function publishCatalogChange(...partIds: string[]): Promise<void> {
  const run = state.tail.then(async () => {
    await connectDb();
    if (state.head < 0) state.head = await latestSeq();
    let attempts = 0;
    for (let rest = partIds; rest.length;) {
      const block = rest.slice(0, APPEND_BLOCK);
      const first = state.head + 1;
      const inserted = await appendBlock(first, block);
      for (let seq = first; seq < first + inserted; seq++) own(seq);
      state.head = first + inserted - 1;
      if (inserted) await raiseHead(state.head);
      rest = rest.slice(inserted);
      if (inserted < block.length) {
        // Another process took the next number: move past what it wrote (its changes are read by every follower anyway).
        if (++attempts >= MAX_ATTEMPTS) throw new Error('The catalog log kept being appended to by other processes');
        state.head = await latestSeq();
      }
    }
  });
  state.tail = run.catch(() => undefined);
  return run;
}

/** Inserts the block at `first`, `first + 1`, ... in order; answers how many went in before a number another process holds. */
async function appendBlock(first: number, partIds: string[]): Promise<number> {
  try {
    await CatalogChange.collection.insertMany(
      partIds.map((partId, index) => ({ _id: logKey(first + index), partId, at: new Date() }) as never),
      { ordered: true },
    );
    return partIds.length;
  } catch (error) {
    if (!(error instanceof mongo.MongoBulkWriteError) || !isDuplicateKey(error)) throw error;
    return error.insertedCount;
  }
}

function own(seq: number): void {
  state.own.add(seq);
  if (state.own.size > MAX_OWN) state.own.delete(state.own.values().next().value!);
}

/** Numbers read at once after the first (FerretDB answers a few reads by `_id` at once faster than one by one). */
const READ_AHEAD = 16;

/** The changes after `seen`, in order, up to the first number not yet written: by `_id` (a range of `_id` is a scan on FerretDB),
 * the first alone (most looks find nothing new), then READ_AHEAD at a time. */
export async function readChangesAfter(seen: number, max = 1000): Promise<Change[]> {
  await connectDb();
  const changes: Change[] = [];
  for (let next = seen + 1, width = 1; changes.length < max; next += width, width = READ_AHEAD) {
    const seqs = Array.from({ length: Math.min(width, max - changes.length) }, (_, index) => next + index);
    const entries = await Promise.all(seqs.map((seq) => CatalogChange.findById(logKey(seq), { partId: 1 }).lean()));
    const missing = entries.findIndex((entry) => !entry);
    for (const [index, entry] of entries.slice(0, missing < 0 ? undefined : missing).entries())
      changes.push({ seq: seqs[index]!, partId: entry!.partId, own: state.own.delete(seqs[index]!) });
    if (missing >= 0) break;
  }
  if (changes.length) state.head = Math.max(state.head, changes.at(-1)!.seq);
  return changes;
}

/** Whether at least `count` changes made by other processes follow `seen` (this process's own are stepped over): one query. */
export async function othersChangedAfter(seen: number, count: number): Promise<boolean> {
  let last = seen + count;
  // Own numbers are kept in the order appended, that is ascending: each one in range moves the end one further.
  for (const seq of state.own) if (seq > seen && seq <= last) last++;
  // The log has no holes: if the last is there, so is every change before it.
  return isLogged(last);
}

/** Whether the log holds this number (one read by `_id`). */
export async function isLogged(seq: number): Promise<boolean> {
  await connectDb();
  return Boolean(await CatalogChange.exists({ _id: logKey(seq) }));
}

/** Drops log entries older than an hour (an index that far behind rebuilds from the parts instead). */
export async function pruneCatalogLog(): Promise<number> {
  await connectDb();
  const result = await CatalogChange.deleteMany({ at: { $lt: new Date(Date.now() - KEEP_MS) } });
  return result.deletedCount;
}
