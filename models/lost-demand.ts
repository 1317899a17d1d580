import './time-limit';
import { type InferSchemaType, Schema, model, models, type Model } from 'mongoose';

/**
 * Demand the catalog did not meet: a search that found nothing (`search`, labelled by its normalised
 * term), or a chosen vehicle no part fits (`vehicle`, labelled by the vehicle). Counted by label and
 * day, never kept as a list of events: one client counts once per label and day (LostDemandVisit).
 */
const lostDemandDaySchema = new Schema({
  kind: { type: String, required: true, enum: ['search', 'vehicle'] },
  label: { type: String, required: true, maxlength: 200 },
  /** The UTC day, `YYYY-MM-DD`. */
  day: { type: String, required: true },
  count: { type: Number, required: true, default: 0 },
  /** For a search: up to 5 vehicles chosen with it. */
  vehicles: { type: [String], default: [] },
  lastAt: { type: Date, required: true },
});
lostDemandDaySchema.index({ kind: 1, label: 1, day: 1 }, { unique: true });
lostDemandDaySchema.index({ day: 1 });

/**
 * That a client address (its bucket) counted a label on a day: unique, so it counts once; and the
 * labels one address added on a day, so it cannot add more than its share.
 */
const lostDemandVisitSchema = new Schema({
  address: { type: String, required: true },
  day: { type: String, required: true },
  kind: { type: String, required: true, enum: ['search', 'vehicle'] },
  label: { type: String, required: true, maxlength: 200 },
  /** Past the longest report period: only the day's counts are kept longer. */
  expiresAt: { type: Date, required: true },
});
lostDemandVisitSchema.index({ address: 1, day: 1, kind: 1, label: 1 }, { unique: true });
lostDemandVisitSchema.index({ kind: 1, label: 1, day: 1 });

export type LostDemandDayDoc = InferSchemaType<typeof lostDemandDaySchema>;
export const LostDemandDay: Model<LostDemandDayDoc> =
  (models.LostDemandDay as Model<LostDemandDayDoc>) ?? model<LostDemandDayDoc>('LostDemandDay', lostDemandDaySchema);
export type LostDemandVisitDoc = InferSchemaType<typeof lostDemandVisitSchema>;
export const LostDemandVisit: Model<LostDemandVisitDoc> =
  (models.LostDemandVisit as Model<LostDemandVisitDoc>) ?? model<LostDemandVisitDoc>('LostDemandVisit', lostDemandVisitSchema);
