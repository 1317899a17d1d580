import './time-limit';
import { type InferSchemaType, Schema, model, models, type Model } from 'mongoose';

/** One document per attempt; counting them in a window holds across app instances and under races. */
const rateLimitHitSchema = new Schema({
  key: { type: String, required: true },
  at: { type: Date, required: true },
  expiresAt: { type: Date, required: true },
});
rateLimitHitSchema.index({ key: 1, at: -1 });

export type RateLimitHitDoc = InferSchemaType<typeof rateLimitHitSchema>;
export const RateLimitHit: Model<RateLimitHitDoc> =
  (models.RateLimitHit as Model<RateLimitHitDoc>) ?? model<RateLimitHitDoc>('RateLimitHit', rateLimitHitSchema);
