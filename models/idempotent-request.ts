import './time-limit';
import { type InferSchemaType, Schema, model, models, type Model } from 'mongoose';

/**
 * An attempt at a request sent with an Idempotency-Key (lib/orders/idempotency.ts). The n-th attempt of
 * a key is stored under `${key}#${n}`: the unique _id makes one attempt run at a time, and a new one
 * starts only after the last was settled. `aliveUntil` is renewed while the attempt runs; one past it
 * died (or gave up) and is settled by whoever looks next: its order found, or its placement undone.
 */
const idempotentRequestSchema = new Schema({
  _id: { type: String, required: true },
  key: { type: String, required: true },
  n: { type: Number, required: true },
  bodyHash: { type: String, required: true },
  // The order this attempt places (its id is chosen before it runs).
  resourceId: { type: Schema.Types.ObjectId, required: true },
  // running; done (the answer is stored); stored (its order was found after it died: answered from the order); failed (undone).
  state: { type: String, required: true, enum: ['running', 'done', 'stored', 'failed'] },
  aliveUntil: { type: Date, required: true },
  status: { type: Number },
  body: { type: Schema.Types.Mixed },
  at: { type: Date, required: true, default: () => new Date() },
  expiresAt: { type: Date, required: true },
});

export type IdempotentRequestDoc = InferSchemaType<typeof idempotentRequestSchema>;
export const IdempotentRequest: Model<IdempotentRequestDoc> =
  (models.IdempotentRequest as Model<IdempotentRequestDoc>) ?? model<IdempotentRequestDoc>('IdempotentRequest', idempotentRequestSchema);
