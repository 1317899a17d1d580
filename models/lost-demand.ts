import './time-limit';
import { type InferSchemaType, Schema, model, models, type Model } from 'mongoose';

/**
 * Demand the catalog did not meet: a search that found nothing (`search`, with its normalised term),
 * or a chosen vehicle no part fits (`vehicle`). Insert-only; the admin's list groups recent entries.
 */
const lostDemandSchema = new Schema({
  kind: { type: String, required: true, enum: ['search', 'vehicle'] },
  term: { type: String, maxlength: 200 },
  vehicle: { type: String, maxlength: 120 },
  at: { type: Date, required: true, default: () => new Date() },
});

export type LostDemandDoc = InferSchemaType<typeof lostDemandSchema>;
export const LostDemand: Model<LostDemandDoc> =
  (models.LostDemand as Model<LostDemandDoc>) ?? model<LostDemandDoc>('LostDemand', lostDemandSchema);
