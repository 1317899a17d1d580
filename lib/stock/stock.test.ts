import { Types } from 'mongoose';
import { connectDb } from '@/lib/platform/db';
import { applyStockMove, getStockHistory, InsufficientStockError, sumStockMoves } from '@/lib/stock/ledger';
import { Part, StockMove } from '@/models';

async function newPart(stock: number): Promise<string> {
  await connectDb();
  const part = await Part.create({
    name: 'Test brake disc',
    description: 'x'.repeat(60),
    price: 10,
    img: '/images/parts/test.svg',
    minimumQuantity: 1,
  });
  if (stock > 0) await applyStockMove({ partId: part._id, delta: stock, reason: 'seed' });
  return String(part._id);
}

async function stockOf(partId: string) {
  const part = await Part.findById(partId).lean();
  return { available: part!.availableQuantity, seq: part!.stockSeq };
}

describe('stock ledger', () => {
  it("stores each move as the schema's document: an absent order key is no field, so moves without one never collide", async () => {
    const partId = await newPart(5);
    const before = (await Part.findById(partId).lean())!.updatedAt;
    const orderId = new Types.ObjectId();
    await applyStockMove({ partId, delta: 2, reason: 'restock', by: 'admin@example.com' });
    await applyStockMove({ partId, delta: 3, reason: 'restock' });
    await applyStockMove({ partId, delta: -1, reason: 'order', orderId: String(orderId) });
    const moves = await StockMove.collection
      .find({ partId: new Types.ObjectId(partId) })
      .sort({ seq: 1 })
      .toArray();
    expect(moves.map(({ _id, seq, delta, reason, after }) => ({ _id, seq, delta, reason, after }))).toEqual([
      { _id: `${partId}:1`, seq: 1, delta: 5, reason: 'seed', after: 5 },
      { _id: `${partId}:2`, seq: 2, delta: 2, reason: 'restock', after: 7 },
      { _id: `${partId}:3`, seq: 3, delta: 3, reason: 'restock', after: 10 },
      { _id: `${partId}:4`, seq: 4, delta: -1, reason: 'order', after: 9 },
    ]);
    expect(Object.keys(moves[1]!).sort()).toEqual(['_id', 'after', 'at', 'by', 'delta', 'partId', 'reason', 'seq']);
    expect(Object.keys(moves[2]!)).not.toContain('orderKey');
    expect(moves[3]).toMatchObject({ orderId, orderKey: `${orderId}:${partId}:order` });
    for (const move of moves) expect(move.at).toBeInstanceOf(Date);
    // The part's pair moved with them, and its updatedAt as Mongoose's timestamps would have.
    const part = (await Part.findById(partId).lean())!;
    expect({ available: part.availableQuantity, seq: part.stockSeq }).toEqual({ available: 9, seq: 4 });
    expect(part.updatedAt.getTime()).toBeGreaterThanOrEqual(before.getTime());
  });

  it('lets exactly 10 of 50 concurrent -1 moves succeed against a stock of 10', async () => {
    const partId = await newPart(10);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => applyStockMove({ partId, delta: -1, reason: 'order', orderId: new Types.ObjectId() })),
    );
    const succeeded = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter((result) => result.status === 'rejected');
    expect(succeeded).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const result of refused) expect((result as PromiseRejectedResult).reason).toBeInstanceOf(InsufficientStockError);

    const { available, seq } = await stockOf(partId);
    const ledger = await sumStockMoves(partId);
    expect(available).toBe(0);
    expect(ledger.total).toBe(0);
    expect(ledger.count).toBe(11);
    expect(seq).toBe(11);
  });

  it('refuses the takers queued behind a sold-out part without giving each a turn', async () => {
    const partId = await newPart(3);
    const inserts = jest.spyOn(StockMove.collection, 'insertMany');
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, () => applyStockMove({ partId, delta: -1, reason: 'order', orderId: new Types.ObjectId() })),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
    expect(results.filter((result) => result.status === 'rejected' && result.reason instanceof InsufficientStockError)).toHaveLength(37);
    // While a turn holds the part, a taker arriving for more than the last turn saw is refused at once: no part read, no turn.
    const reads = jest.spyOn(Part.collection, 'findOne');
    const slowRestock = applyStockMove({ partId, delta: 1, reason: 'restock' });
    const late = await Promise.allSettled([applyStockMove({ partId, delta: -1, reason: 'order', orderId: new Types.ObjectId() })]);
    expect(late[0]).toMatchObject({ status: 'rejected', reason: expect.any(InsufficientStockError) });
    await slowRestock;
    expect(reads.mock.calls.length).toBe(1);
    reads.mockRestore();
    // Only the moves that happened were written: the 37 refusals cost no insert.
    expect(inserts.mock.calls.flatMap(([docs]) => docs as unknown[])).toHaveLength(4);
    inserts.mockRestore();
    expect((await sumStockMoves(partId)).total).toBe(1);
  });

  it('applies one of two racing identical cancel moves for the same order', async () => {
    const partId = await newPart(5);
    const orderId = new Types.ObjectId();
    await applyStockMove({ partId, delta: -3, reason: 'order', orderId });

    const [first, second] = await Promise.all([
      applyStockMove({ partId, delta: 3, reason: 'cancel', orderId }),
      applyStockMove({ partId, delta: 3, reason: 'cancel', orderId }),
    ]);
    expect([first.applied, second.applied].sort()).toEqual([false, true]);
    expect(await StockMove.countDocuments({ orderId, reason: 'cancel' })).toBe(1);
    expect((await stockOf(partId)).available).toBe(5);
    expect((await sumStockMoves(partId)).total).toBe(5);
  });

  it.each([
    ['keyed by part and sequence', (partId: string) => `${partId}:2`],
    ['stored before moves were keyed (an ObjectId)', () => new Types.ObjectId()],
  ])('repairs a part whose last move (%s) was inserted but never rolled forward', async (_kind, idOf) => {
    const partId = await newPart(8);
    // A writer that crashed after inserting move 2 but before updating the part.
    await StockMove.create({ _id: idOf(partId), partId: new Types.ObjectId(partId), seq: 2, delta: -5, reason: 'order', after: 3 });
    expect(await stockOf(partId)).toEqual({ available: 8, seq: 1 });

    // The next move rolls move 2 forward first, then checks against the real stock of 3.
    await expect(applyStockMove({ partId, delta: -4, reason: 'order', orderId: new Types.ObjectId() })).rejects.toBeInstanceOf(
      InsufficientStockError,
    );
    expect(await stockOf(partId)).toEqual({ available: 3, seq: 2 });

    const result = await applyStockMove({ partId, delta: -2, reason: 'order', orderId: new Types.ObjectId() });
    expect(result).toEqual({ applied: true, availableQuantity: 1, seq: 3 });
    expect(await stockOf(partId)).toEqual({ available: 1, seq: 3 });
    expect((await sumStockMoves(partId)).total).toBe(1);
  });

  it('does the moves that waited for a turn together, and judges them again when another process moved first', async () => {
    const partId = await newPart(10);
    // Another process's move at seq 3, its pair not written yet: the second turn's insert collides with it.
    await StockMove.create({ _id: `${partId}:3`, partId: new Types.ObjectId(partId), seq: 3, delta: -6, reason: 'order', after: 3 });
    const inserts = jest.spyOn(StockMove.collection, 'insertMany');
    const orders = Array.from({ length: 6 }, () => new Types.ObjectId());
    const results = await Promise.allSettled(orders.map((orderId) => applyStockMove({ partId, delta: -1, reason: 'order', orderId })));
    // The first move alone (seq 2, leaving 9), then the five that waited in one insert, which stops at seq 3:
    // judged again on the stock the other process left (9 - 6 = 3), three of them fit.
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value.availableQuantity : 'refused'))).toEqual([
      9,
      2,
      1,
      0,
      'refused',
      'refused',
    ]);
    expect(inserts.mock.calls.map(([docs]) => (docs as unknown[]).length)).toEqual([1, 5, 3]);
    inserts.mockRestore();
    expect(await stockOf(partId)).toEqual({ available: 0, seq: 6 });
    expect((await sumStockMoves(partId)).total).toBe(0);
    expect(await StockMove.countDocuments({ orderId: { $in: orders } })).toBe(4);
  });

  it("starts a busy part's next turn from the part as the last turn wrote it, and reads it again after the line was idle", async () => {
    const partId = await newPart(10);
    const reads = jest.spyOn(Part.collection, 'findOne');
    const prices: number[] = [];
    const take = () =>
      applyStockMove(
        { partId, delta: -1, reason: 'order', orderId: new Types.ObjectId() },
        { check: (part) => void prices.push(part.price) },
      );
    try {
      // The first move's turn reads the part; the three that waited for it follow at once, from what it wrote.
      await Promise.all([take(), take(), take(), take()]);
      expect(reads).toHaveBeenCalledTimes(1);
      expect(prices).toEqual([10, 10, 10, 10]);
      // The line is idle: a price changed now is what the next turn reads.
      await Part.collection.updateOne({ _id: new Types.ObjectId(partId) }, { $set: { price: 12 } });
      await take();
      expect(reads).toHaveBeenCalledTimes(2);
      expect(prices.at(-1)).toBe(12);
    } finally {
      reads.mockRestore();
    }
    expect(await stockOf(partId)).toEqual({ available: 5, seq: 6 });
    expect((await sumStockMoves(partId)).total).toBe(5);
  });

  it('fails the moves of a write that says nothing of where it stopped, without trying them again', async () => {
    const partId = await newPart(10);
    const inserts = jest.spyOn(StockMove.collection, 'insertMany').mockRejectedValueOnce(new Error('connection lost'));
    const results = await Promise.allSettled(
      [1, 2, 3].map(() => applyStockMove({ partId, delta: -1, reason: 'order', orderId: new Types.ObjectId() })),
    );
    // The first turn's one move got the error; the two that waited went in the next turn.
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value.availableQuantity : String(result.reason)))).toEqual([
      'Error: connection lost',
      9,
      8,
    ]);
    expect(inserts).toHaveBeenCalledTimes(2);
    inserts.mockRestore();
    expect(await stockOf(partId)).toEqual({ available: 8, seq: 3 });
    expect((await sumStockMoves(partId)).total).toBe(8);
  });

  it('refuses a move that would take the stock below zero and stores nothing', async () => {
    const partId = await newPart(2);
    await expect(applyStockMove({ partId, delta: -3, reason: 'edit', by: 'admin@example.com' })).rejects.toThrow(
      'Only 2 pieces are in stock; the stock cannot go below zero',
    );
    expect(await stockOf(partId)).toEqual({ available: 2, seq: 1 });
    expect(await StockMove.countDocuments({ partId })).toBe(1);
  });

  it('keeps the history newest first with the level after each move', async () => {
    const partId = await newPart(4);
    await applyStockMove({ partId, delta: 6, reason: 'restock', by: 'admin@example.com' });
    await applyStockMove({ partId, delta: -1, reason: 'order', orderId: new Types.ObjectId() });
    const history = await getStockHistory(partId);
    expect(history.map((entry) => [entry.seq, entry.reason, entry.delta, entry.after])).toEqual([
      [3, 'order', -1, 9],
      [2, 'restock', 6, 10],
      [1, 'seed', 4, 4],
    ]);
    expect(history[1]!.by).toBe('admin@example.com');
  });

  it('answers not found for an unknown part', async () => {
    await connectDb();
    await expect(applyStockMove({ partId: new Types.ObjectId(), delta: 1, reason: 'restock' })).rejects.toThrow('Part not found');
    await expect(applyStockMove({ partId: 'not-an-id', delta: 1, reason: 'restock' })).rejects.toThrow('Part not found');
  });

  it('never moves the stored stock backwards when a writer stalls between its move and the part', async () => {
    const partId = await newPart(10);
    const id = new Types.ObjectId(partId);
    // Writer A inserts move 2, then stalls before writing the pair; meanwhile another process
    // (simulated here) rolls move 2 forward and applies move 3.
    const realWrite = Part.collection.findOneAndUpdate.bind(Part.collection);
    let stalled = false;
    const spy = jest.spyOn(Part.collection, 'findOneAndUpdate').mockImplementation(((...args: Parameters<typeof realWrite>) => {
      if (!stalled) {
        stalled = true;
        return (async () => {
          await StockMove.create({ _id: `${partId}:3`, partId: id, seq: 3, delta: -4, reason: 'order', after: 5 });
          await Part.collection.updateOne({ _id: id, stockSeq: 1 }, { $set: { availableQuantity: 5, stockSeq: 3 } });
          return realWrite(...args);
        })();
      }
      return realWrite(...args);
    }) as unknown as typeof realWrite);
    try {
      const result = await applyStockMove({ partId, delta: -1, reason: 'order', orderId: new Types.ObjectId() });
      expect(result).toMatchObject({ applied: true, seq: 2, availableQuantity: 9 });
    } finally {
      spy.mockRestore();
    }
    // A's late write (from seq 1 to 2) found seq 3 stored and changed nothing.
    expect(await stockOf(partId)).toEqual({ available: 5, seq: 3 });
  });

  it("drops a move whose client left while it waited for the part's turn, and takes nothing", async () => {
    const partId = await newPart(5);
    // The first move holds the part's turn for a while (its part read is slowed down).
    const realFind = Part.collection.findOne.bind(Part.collection);
    const spy = jest
      .spyOn(Part.collection, 'findOne')
      .mockImplementationOnce(
        ((...args: Parameters<typeof realFind>) =>
          new Promise((resolve) => setTimeout(() => resolve(realFind(...args)), 500))) as unknown as typeof realFind,
      );
    try {
      const first = applyStockMove({ partId, delta: -1, reason: 'order', orderId: new Types.ObjectId() });
      const controller = new AbortController();
      const started = Date.now();
      const second = applyStockMove({ partId, delta: -1, reason: 'order', orderId: new Types.ObjectId() }, { signal: controller.signal });
      setTimeout(() => controller.abort(), 100);
      await expect(second).rejects.toMatchObject({ status: 499 });
      expect(Date.now() - started).toBeLessThan(450);
      await expect(first).resolves.toMatchObject({ applied: true, availableQuantity: 4 });
    } finally {
      spy.mockRestore();
    }
    expect(await stockOf(partId)).toEqual({ available: 4, seq: 2 });
    expect((await sumStockMoves(partId)).count).toBe(2);
  });

  it('answers with the error classes of the module copy that was called (a turn given up is a 499 or 503, never a 500)', async () => {
    const partId = await newPart(5);
    // Two copies of the stock module and its errors, as two Next.js bundles load them in one process.
    type Copy = { stock: typeof import('@/lib/stock/ledger'); errors: typeof import('@/lib/core/errors') };
    const load = async (): Promise<Copy> => {
      let copy!: Copy;
      await jest.isolateModulesAsync(async () => {
        copy = { stock: await import('@/lib/stock/ledger'), errors: await import('@/lib/core/errors') };
      });
      return copy;
    };
    const [first, second] = [await load(), await load()];
    expect(first.errors.ClientGoneError).not.toBe(second.errors.ClientGoneError);
    for (const copy of [first, second]) {
      const gone = copy.stock.applyStockMove(
        { partId, delta: -1, reason: 'order', orderId: new Types.ObjectId() },
        { signal: AbortSignal.abort() },
      );
      await expect(gone).rejects.toBeInstanceOf(copy.errors.ClientGoneError);
    }
    expect(await stockOf(partId)).toEqual({ available: 5, seq: 1 });
  });
});
