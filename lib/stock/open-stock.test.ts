import { Types } from 'mongoose';
import { openStock, sumStockMoves } from '@/lib/stock';
import { Part, StockMove } from '@/models';
import { makePart } from '@/tests/helpers/factories';

/** openStock: the first stock of many parts loaded in bulk (the demo supplier), through the ledger, each part once. */
describe('opening the stock of parts loaded in bulk', () => {
  it('opens each part without stock once, through its first move; leaves stocked parts and zero quantities alone', async () => {
    const fresh = await Promise.all(Array.from({ length: 120 }, () => makePart({ stock: 0 })));
    const stocked = await makePart({ stock: 7 });
    const none = await makePart({ stock: 0 });
    const entries = [
      ...fresh.map((id, at) => ({ partId: new Types.ObjectId(id), quantity: 4 + (at % 5) })),
      { partId: new Types.ObjectId(stocked), quantity: 30 },
      { partId: new Types.ObjectId(none), quantity: 0 },
    ];
    // 120 parts: more than one command's worth.
    expect(await openStock(entries, 'seed')).toBe(120);
    for (const [at, id] of fresh.entries()) {
      const part = (await Part.findById(id).lean())!;
      expect([part.availableQuantity, part.stockSeq]).toEqual([4 + (at % 5), 1]);
      expect(await sumStockMoves(id)).toEqual({ total: 4 + (at % 5), count: 1 });
    }
    expect((await Part.findById(stocked).lean())!.availableQuantity).toBe(7);
    expect(await sumStockMoves(stocked)).toEqual({ total: 7, count: 1 });
    expect((await Part.findById(none).lean())!.stockSeq).toBe(0);
    // Run again (a seed restarted): nothing is opened twice.
    expect(await openStock(entries, 'seed')).toBe(0);
    expect(await StockMove.countDocuments({ partId: { $in: fresh.map((id) => new Types.ObjectId(id)) } })).toBe(120);
  });
});
