import 'server-only';

/** Batches writes that something else repairs if lost; a failed flush is logged, never thrown at the caller. */
/** On globalThis by a symbol, since Next.js may bundle this module twice and shutdown (or scripts/serve.ts) must flush every batch. */
export const FLUSH_ALL_BATCHES = Symbol.for('partsmart.flushAllBatches');
type BatchRegistry = { batches: Set<{ flush(): Promise<void> }> };
const REGISTRY = Symbol.for('partsmart.batches');
const registry = ((globalThis as Record<symbol, unknown>)[REGISTRY] ??= { batches: new Set() }) as BatchRegistry;

/** Writes what every batch holds and waits for every write: call before the database connection closes. */
export function flushAllBatches(): Promise<void> {
  return Promise.all([...registry.batches].map((batch) => batch.flush())).then(() => undefined);
}
(globalThis as Record<symbol, unknown>)[FLUSH_ALL_BATCHES] = flushAllBatches;

export function batched<T>(name: string, flush: (items: T[]) => Promise<unknown>, { windowMs = 20, maxItems = 100 } = {}) {
  let items: T[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const writing = new Set<Promise<void>>();

  const run = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const taken = items;
    items = [];
    if (taken.length) {
      const write = flush(taken).then(
        () => undefined,
        (error: unknown) => console.error(`[${name}] could not write a batch of ${taken.length}:`, error),
      );
      writing.add(write);
      void write.finally(() => writing.delete(write));
    }
    // Every batch still being written, this one included.
    return Promise.all(writing).then(() => undefined);
  };

  const batch = {
    add(item: T): void {
      items.push(item);
      if (items.length >= maxItems) void run();
      else timer ??= setTimeout(() => void run(), windowMs);
    },
    /** Writes what is waiting now, and waits for every batch being written. */
    flush: run,
  };
  registry.batches.add(batch);
  return batch;
}

/** For a server's shutdown: every batch's writes land, waiting at most `limitMs`. */
export function flushBatchesBriefly(limitMs = 5000): Promise<void> {
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, limitMs).unref());
  return Promise.race([flushAllBatches().catch(() => undefined), timeout]);
}
