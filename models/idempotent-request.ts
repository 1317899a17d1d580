import './time-limit';
import { type InferSchemaType, Schema, model, models, type Model } from 'mongoose';

/**
 * The first answer to a request sent with an Idempotency-Key, keyed `${scope}:${userId}:${key hash}`:
 * the unique _id makes one attempt run, and a repeat gets the stored answer.
 */
const idempotentRequestSchema = new Schema({
  _id: { type: String, required: true },
  state: { type: String, required: true, enum: ['running', 'done'] },
  status: { type: Number },
  body: { type: Schema.Types.Mixed },
  at: { type: Date, required: true, default: () => new Date() },
  expiresAt: { type: Date, required: true },
});

export type IdempotentRequestDoc = InferSchemaType<typeof idempotentRequestSchema>;
export const IdempotentRequest: Model<IdempotentRequestDoc> =
  (models.IdempotentRequest as Model<IdempotentRequestDoc>) ?? model<IdempotentRequestDoc>('IdempotentRequest', idempotentRequestSchema);
