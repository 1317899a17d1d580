import 'server-only';
import { mongo } from 'mongoose';
import { connectDb } from '@/lib/platform/db';
import { isDuplicateKey } from '@/lib/core/errors';
import { CatalogChange } from '@/models';

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

/** The highest sequence number in the log (a scan on FerretDB: at start, and after another process appended), 0 when empty. */
export async function latestSeq(): Promise<number> {
  await connectDb();
  const last = await CatalogChange.findOne({}, { _id: 1 }).sort({ _id: -1 }).lean();
  return last ? Number(last._id) : 0;
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
      partIds.map((partId, index) => ({ _id: first + index, partId, at: new Date() }) as never),
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

/** The changes after `seen`, in order, up to the first number not yet written: one query (FerretDB v1 finds a numeric `_id`
 * by scanning the log, so a read per number scanned it once per change). */
export async function readChangesAfter(seen: number, max = 1000): Promise<Change[]> {
  await connectDb();
  const entries = await CatalogChange.find({ _id: { $gt: seen, $lte: seen + max } }, { partId: 1 }).lean();
  const partOf = new Map(entries.map((entry) => [Number(entry._id), entry.partId]));
  const changes: Change[] = [];
  for (let seq = seen + 1; partOf.has(seq); seq++) changes.push({ seq, partId: partOf.get(seq)!, own: state.own.delete(seq) });
  if (changes.length) state.head = Math.max(state.head, changes.at(-1)!.seq);
  return changes;
}

/** Whether at least `count` changes made by other processes follow `seen` (this process's own are stepped over): one query. */
export async function othersChangedAfter(seen: number, count: number): Promise<boolean> {
  let last = seen + count;
  // Own numbers are kept in the order appended, that is ascending: each one in range moves the end one further.
  for (const seq of state.own) if (seq > seen && seq <= last) last++;
  await connectDb();
  // The log has no holes: if the last is there, so is every change before it.
  return Boolean(await CatalogChange.exists({ _id: last }));
}

/** Drops log entries older than an hour (an index that far behind rebuilds from the parts instead). */
export async function pruneCatalogLog(): Promise<number> {
  await connectDb();
  const result = await CatalogChange.deleteMany({ at: { $lt: new Date(Date.now() - KEEP_MS) } });
  return result.deletedCount;
}
