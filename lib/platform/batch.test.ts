import { batched, FLUSH_ALL_BATCHES, flushAllBatches } from '@/lib/platform/batch';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('batched', () => {
  it('writes the items added within one window together, once', async () => {
    const writes: number[][] = [];
    const batch = batched<number>('test', async (items) => void writes.push(items), { windowMs: 30 });
    batch.add(1);
    batch.add(2);
    await sleep(5);
    batch.add(3);
    expect(writes).toEqual([]);
    await sleep(60);
    expect(writes).toEqual([[1, 2, 3]]);
    batch.add(4);
    await sleep(60);
    expect(writes).toEqual([[1, 2, 3], [4]]);
  });

  it('writes at once when maxItems are waiting, and flush writes the rest now', async () => {
    const writes: number[][] = [];
    const batch = batched<number>('test', async (items) => void writes.push(items), { windowMs: 10_000, maxItems: 2 });
    batch.add(1);
    batch.add(2);
    batch.add(3);
    expect(writes).toEqual([[1, 2]]);
    await batch.flush();
    expect(writes).toEqual([[1, 2], [3]]);
    await batch.flush();
    expect(writes).toHaveLength(2);
  });

  it('flush waits for a batch that its window already started writing', async () => {
    let written = false;
    const batch = batched<number>(
      'test',
      async () => {
        await sleep(40);
        written = true;
      },
      { windowMs: 5 },
    );
    batch.add(1);
    await sleep(15);
    expect(written).toBe(false);
    await batch.flush();
    expect(written).toBe(true);
  });

  it('logs a failed write instead of throwing, and goes on with the next batch', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const writes: string[][] = [];
    let fail = true;
    const batch = batched<string>('test', async (items) => {
      if (fail) throw new Error('database down');
      writes.push(items);
    });
    batch.add('a');
    await expect(batch.flush()).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledWith('[test] could not write a batch of 1:', expect.objectContaining({ message: 'database down' }));
    fail = false;
    batch.add('b');
    await batch.flush();
    expect(writes).toEqual([['b']]);
    error.mockRestore();
  });

  it('flushAllBatches writes what every batch of the process holds, as the test setup and the server do before the database closes', async () => {
    const writes: string[][] = [];
    const first = batched<string>('first', async (items) => void writes.push(items), { windowMs: 60_000 });
    const second = batched<string>(
      'second',
      async (items) => {
        await sleep(20);
        writes.push(items);
      },
      { windowMs: 60_000 },
    );
    first.add('a');
    second.add('b');
    expect(writes).toEqual([]);
    // Found on globalThis by scripts/serve.ts and tests/jest/per-file-database.ts, which do not import it.
    expect((globalThis as Record<symbol, unknown>)[FLUSH_ALL_BATCHES]).toBe(flushAllBatches);
    await flushAllBatches();
    expect(writes.sort()).toEqual([['a'], ['b']]);
  });
});
