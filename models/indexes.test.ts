import mongoose, { Types } from 'mongoose';
import { connectDb } from '@/lib/platform/db';
import { ensureIndexes, indexSpec, StockMove } from '@/models';

const marks = () => mongoose.connection.collection<{ _id: string; spec: string }>('schema_marks');
const LEDGER_KEY = 'partId_1_seq_1';

async function ledgerIndexes(): Promise<string[]> {
  return (await StockMove.collection.listIndexes().toArray()).map((index) => String(index.name));
}

describe('ensureIndexes', () => {
  beforeAll(async () => {
    await connectDb();
  });

  it('creates the unique indexes the rules rest on, then notes the set it created', async () => {
    expect(await ledgerIndexes()).toContain(LEDGER_KEY);
    const partId = new Types.ObjectId();
    // Two moves with the same place in one part's ledger: the second is refused by the index.
    await StockMove.collection.insertOne({ _id: `${partId}:a` as never, partId, seq: 1 });
    await expect(StockMove.collection.insertOne({ _id: `${partId}:b` as never, partId, seq: 1 })).rejects.toMatchObject({ code: 11000 });
    expect((await marks().findOne({ _id: 'indexes' }))?.spec).toBe(indexSpec());
  });

  it('skips the createIndexes round when the same set is noted, and runs it again when the noted set differs', async () => {
    await StockMove.collection.dropIndex(LEDGER_KEY);
    await ensureIndexes();
    // Noted as created: this start did not ask the database again (which is the time it saves).
    expect(await ledgerIndexes()).not.toContain(LEDGER_KEY);

    // A release whose indexes differ (here: an older note) creates them all again, then notes its own set.
    await marks().updateOne({ _id: 'indexes' }, { $set: { spec: '[]' } });
    await ensureIndexes();
    expect(await ledgerIndexes()).toContain(LEDGER_KEY);
    expect((await marks().findOne({ _id: 'indexes' }))?.spec).toBe(indexSpec());
  });

  it('lets starts racing each other all note the set: one note, the losing inserts ignored', async () => {
    await marks().deleteOne({ _id: 'indexes' });
    await Promise.all([ensureIndexes(), ensureIndexes(), ensureIndexes()]);
    expect(await marks().countDocuments({ _id: 'indexes' })).toBe(1);
    expect((await marks().findOne({ _id: 'indexes' }))?.spec).toBe(indexSpec());
  });

  it('notes nothing when creating an index fails, so the next start tries again', async () => {
    await marks().deleteOne({ _id: 'indexes' });
    const failing = jest.spyOn(StockMove, 'createIndexes').mockRejectedValueOnce(new Error('the database refused'));
    await expect(ensureIndexes()).rejects.toThrow('the database refused');
    failing.mockRestore();
    expect(await marks().findOne({ _id: 'indexes' })).toBeNull();
    await ensureIndexes();
    expect((await marks().findOne({ _id: 'indexes' }))?.spec).toBe(indexSpec());
  });
});
