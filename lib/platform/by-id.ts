import 'server-only';

/**
 * Reads and writes shaped for FerretDB v1, the embedded database where MongoDB cannot be downloaded: it finds a
 * document by `_id` at once but scans the whole collection for any other filter, `$in` on `_id` included, and a bulk
 * write of 100 updates or more never answers. Kept to one module so every bulk path obeys both limits.
 */

const READ_CONCURRENCY = 16;
/** Writes per command: under FerretDB's limit, and short enough for one command to end within the socket timeout. */
export const WRITES_PER_COMMAND = 50;

type IdReader = { findById(id: unknown, projection?: Record<string, 1>): { lean<T>(): PromiseLike<T | null> } };

/** `task` for each item, READ_CONCURRENCY at a time (FerretDB answers a few queries at once faster than one); results in no order. */
export async function inParallel<T, R>(items: readonly T[], task: (item: T) => PromiseLike<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) results.push(await task(items[next++]!));
  };
  await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, items.length) }, worker));
  return results;
}

/** Documents by `_id`, one query each, a few at a time; missing ones are left out (the order is not kept). */
export async function readByIds<T>(model: IdReader, ids: readonly unknown[], projection?: Record<string, 1>): Promise<T[]> {
  const docs = await inParallel(ids, (id) => model.findById(id, projection).lean<T>());
  return docs.filter((doc): doc is NonNullable<typeof doc> => doc !== null) as T[];
}

type BulkWriter = { bulkWrite(writes: never[], options: { ordered: boolean }): Promise<{ matchedCount: number; upsertedCount: number }> };

/** A bulk write in commands of WRITES_PER_COMMAND, unordered; answers the documents matched and upserted in all. */
export async function bulkWriteInCommands(model: BulkWriter, writes: readonly object[]): Promise<{ matched: number; upserted: number }> {
  let matched = 0;
  let upserted = 0;
  for (let at = 0; at < writes.length; at += WRITES_PER_COMMAND) {
    const result = await model.bulkWrite(writes.slice(at, at + WRITES_PER_COMMAND) as never[], { ordered: false });
    matched += result.matchedCount;
    upserted += result.upsertedCount;
  }
  return { matched, upserted };
}
