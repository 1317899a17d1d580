import mongoose, { type Model } from 'mongoose';
import { isDuplicateKey } from '@/lib/core/errors';
import * as models from './all';
import { IdempotentRequest, LostDemandVisit, OneTimeToken, RateLimitHit } from './all';

export * from './all';

const ALL_MODELS = Object.values(models) as unknown as Model<never>[];

// Clean-up only: expiry is always checked in code, and FerretDB v1 has no TTL indexes.
const TTL_INDEXES: Array<[Model<never>, string]> = [
  [OneTimeToken as unknown as Model<never>, 'expiresAt'],
  [RateLimitHit as unknown as Model<never>, 'expiresAt'],
  [IdempotentRequest as unknown as Model<never>, 'expiresAt'],
  [LostDemandVisit as unknown as Model<never>, 'expiresAt'],
];

const NOT_IMPLEMENTED = 238;

/** Where ensureIndexes notes the index set it created: one document in a collection of its own. */
const INDEX_MARK = { collection: 'schema_marks', id: 'indexes' } as const;

/** Every index ensureIndexes creates, as one string: a release that adds or changes one changes it. */
export function indexSpec(): string {
  return JSON.stringify([
    ALL_MODELS.map((model) => [model.collection.collectionName, model.schema.indexes()]),
    TTL_INDEXES.map(([model, field]) => [model.collection.collectionName, field]),
  ]);
}

/**
 * Creates every index the rules depend on (unique ones above all). Idempotent. Once they exist the
 * set is noted in the database, and a process that finds the same set noted skips the round of
 * createIndexes: on FerretDB at 100,000 parts it took half a second of every start. The note is
 * written only after every index exists, so finding it means they do.
 */
export async function ensureIndexes(): Promise<void> {
  const spec = indexSpec();
  const marks = mongoose.connection.collection<{ _id: string; spec: string; at: Date }>(INDEX_MARK.collection);
  if ((await marks.findOne({ _id: INDEX_MARK.id }))?.spec === spec) return;
  // All at once: a server starting under load connects in one round of them, not one per model.
  await Promise.all([
    ...ALL_MODELS.map((model) => model.createIndexes()),
    ...TTL_INDEXES.map(async ([model, field]) => {
      try {
        await model.collection.createIndex({ [field]: 1 }, { expireAfterSeconds: 0 });
      } catch (error) {
        if ((error as { code?: number }).code !== NOT_IMPLEMENTED) throw error;
      }
    }),
  ]);
  await marks.updateOne({ _id: INDEX_MARK.id }, { $set: { spec, at: new Date() } }, { upsert: true }).catch((error: unknown) => {
    // Another process starting at the same moment inserted the note first: the indexes exist either way.
    if (!isDuplicateKey(error)) throw error;
  });
}
