import { ClientGoneError, ServiceUnavailableError } from '@/lib/core/errors';
import { BatchedTurns, type BatchWork } from '@/lib/stock/batched-turns';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A batch worker that records each batch it is given and answers every item doubled (odd items refused). */
function recorder(ms: number) {
  const batches: number[][] = [];
  let running = 0;
  let overlapped = false;
  const work: BatchWork<number, number> = async (_key, items) => {
    running++;
    if (running > 1) overlapped = true;
    batches.push(items);
    await sleep(ms);
    running--;
    return items.map((item) => (item % 2 ? { ok: false, error: new Error(`odd ${item}`) } : { ok: true, value: item * 2 }));
  };
  return { batches, work, overlapped: () => overlapped };
}

describe('BatchedTurns', () => {
  it('starts the first item at once and does everything that arrived meanwhile in the next turn, in order', async () => {
    const turns = new BatchedTurns();
    const { batches, work, overlapped } = recorder(30);
    const answers = await Promise.allSettled([2, 4, 6, 8].map((item) => turns.run('part-1', item, work, { waitMs: 1000 })));
    expect(batches).toEqual([[2], [4, 6, 8]]);
    expect(answers.map((answer) => (answer.status === 'fulfilled' ? answer.value : null))).toEqual([4, 8, 12, 16]);
    expect(overlapped()).toBe(false);
    expect(turns.isBusy('part-1')).toBe(false);
  });

  it('answers each item its own outcome: one refused item does not refuse the rest of its batch', async () => {
    const turns = new BatchedTurns();
    const { work } = recorder(10);
    const answers = await Promise.allSettled([2, 3, 4].map((item) => turns.run('part-1', item, work, { waitMs: 1000 })));
    expect(answers[0]).toEqual({ status: 'fulfilled', value: 4 });
    expect(answers[1]).toMatchObject({ status: 'rejected', reason: new Error('odd 3') });
    expect(answers[2]).toEqual({ status: 'fulfilled', value: 8 });
  });

  it('tells a batch whether it follows another of its key at once, and not after the line was idle', async () => {
    const turns = new BatchedTurns();
    const seen: Array<[number[], boolean]> = [];
    const work: BatchWork<number, number> = async (_key, items, continued) => {
      seen.push([items, continued]);
      await sleep(10);
      return items.map((item) => ({ ok: true, value: item }));
    };
    await Promise.all([1, 2, 3].map((item) => turns.run('part-1', item, work, { waitMs: 1000 })));
    await turns.run('part-1', 4, work, { waitMs: 1000 });
    expect(seen).toEqual([
      [[1], false],
      [[2, 3], true],
      [[4], false],
    ]);
  });

  it('never runs two turns of one key at once, but runs two keys side by side', async () => {
    const turns = new BatchedTurns();
    const one = recorder(20);
    const two = recorder(20);
    const started = Date.now();
    await Promise.all([
      ...[2, 4, 6].map((item) => turns.run('part-1', item, one.work, { waitMs: 1000 })),
      ...[2, 4, 6].map((item) => turns.run('part-2', item, two.work, { waitMs: 1000 })),
    ]);
    expect(one.overlapped()).toBe(false);
    expect(Date.now() - started).toBeLessThan(200);
    expect(one.batches).toEqual([[2], [4, 6]]);
    expect(two.batches).toEqual([[2], [4, 6]]);
  });

  it('keeps items of another worker (another module copy) out of a batch', async () => {
    const turns = new BatchedTurns();
    const mine = recorder(20);
    const theirs = recorder(20);
    await Promise.all([
      turns.run('part-1', 2, mine.work, { waitMs: 1000 }),
      turns.run('part-1', 4, mine.work, { waitMs: 1000 }),
      turns.run('part-1', 6, theirs.work, { waitMs: 1000 }),
      turns.run('part-1', 8, mine.work, { waitMs: 1000 }),
    ]);
    expect(mine.batches).toEqual([[2], [4], [8]]);
    expect(theirs.batches).toEqual([[6]]);
  });

  it('gives up waiting after waitMs with a 503, and the item is never done', async () => {
    const turns = new BatchedTurns();
    const { batches, work } = recorder(150);
    const holder = turns.run('part-1', 2, work, { waitMs: 1000 });
    const late = turns.run('part-1', 4, work, { waitMs: 30 });
    await expect(late).rejects.toBeInstanceOf(ServiceUnavailableError);
    await holder;
    await sleep(20);
    expect(batches).toEqual([[2]]);
  });

  it('drops an item whose client left before its turn, and refuses one already aborted at once', async () => {
    const turns = new BatchedTurns();
    const { batches, work } = recorder(60);
    const holder = turns.run('part-1', 2, work, { waitMs: 1000 });
    const controller = new AbortController();
    const leaving = turns.run('part-1', 4, work, { waitMs: 1000, signal: controller.signal });
    const staying = turns.run('part-1', 6, work, { waitMs: 1000 });
    controller.abort();
    await expect(leaving).rejects.toBeInstanceOf(ClientGoneError);
    await expect(turns.run('part-1', 8, work, { waitMs: 1000, signal: controller.signal })).rejects.toBeInstanceOf(ClientGoneError);
    await Promise.all([holder, staying]);
    expect(batches).toEqual([[2], [6]]);
  });

  it('answers every item of a batch whose worker threw with that error, and goes on with the next turn', async () => {
    const turns = new BatchedTurns();
    let calls = 0;
    const work: BatchWork<number, number> = async (_key, items) => {
      calls++;
      await sleep(10);
      if (calls === 2) throw new Error('database down');
      return items.map((item) => ({ ok: true, value: item }));
    };
    const answers = await Promise.allSettled([1, 2, 3].map((item) => turns.run('part-1', item, work, { waitMs: 1000 })));
    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
    expect(await turns.run('part-1', 4, work, { waitMs: 1000 })).toBe(4);
  });
});
