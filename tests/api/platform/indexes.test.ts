import type { Model } from 'mongoose';
import { connectDb } from '@/lib/platform/db';
import * as models from '@/models/all';

/**
 * The exactly-once rules rest on unique indexes (DESIGN.md section 6): every model the shop exports has
 * the indexes its schema declares in the database once it is connected, a model added later included.
 */
describe('indexes', () => {
  it('creates every unique index of every model', async () => {
    await connectDb();
    const missing: string[] = [];
    let unique = 0;
    for (const model of Object.values(models) as unknown as Model<unknown>[]) {
      const declared = model.schema.indexes().filter(([, options]) => options?.unique);
      if (!declared.length) continue;
      // A collection never created has no index at all.
      const stored = await model.collection.indexes().catch(() => []);
      for (const [keys] of declared) {
        unique++;
        const found = stored.find((index) => JSON.stringify(index.key) === JSON.stringify(keys));
        if (!found?.unique) missing.push(`${model.collection.collectionName} ${JSON.stringify(keys)}`);
      }
    }
    expect(missing).toEqual([]);
    // The ledger's, the outbox's, the redemptions' and the rest: a count that only grows.
    expect(unique).toBeGreaterThanOrEqual(10);
  });
});
