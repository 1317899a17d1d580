import './time-limit';
import { type InferSchemaType, Schema, model, models, type Model } from 'mongoose';

/**
 * Serializes role revocations across app instances (lib/accounts/admins.ts). Each holding is a new document
 * whose `_id` is the next generation number: whoever inserts generation n+1 holds the lock, decided by
 * the unique `_id` index (no update is trusted for exclusivity, as FerretDB v1 applies updates
 * read-then-write). Only the holder writes its own document, to release it; a crashed holder's lease
 * runs out.
 */
const roleLockSchema = new Schema({
  _id: { type: Number, required: true, min: 1 },
  owner: { type: String, required: true },
  purpose: { type: String, required: true },
  leaseUntil: { type: Date, required: true },
  releasedAt: { type: Date },
  at: { type: Date, required: true, default: () => new Date() },
});

export type RoleLockDoc = InferSchemaType<typeof roleLockSchema>;
export const RoleLock: Model<RoleLockDoc> = (models.RoleLock as Model<RoleLockDoc>) ?? model<RoleLockDoc>('RoleLock', roleLockSchema);
