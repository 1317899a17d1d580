import 'server-only';

/**
 * Collects items and hands them to `flush` together: once `windowMs` after the first, or at once when
 * `maxItems` are waiting. For bookkeeping writes that may land a little later or, if the process dies
 * first, not at all, because something else repairs them (the caller says what). A failed flush is
 * logged, never thrown at whoever added the item.
 */
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

  return {
    add(item: T): void {
      items.push(item);
      if (items.length >= maxItems) void run();
      else timer ??= setTimeout(() => void run(), windowMs);
    },
    /** Writes what is waiting now, and waits for every batch being written. */
    flush: run,
  };
}
