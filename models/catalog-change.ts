import './time-limit';
import { type InferSchemaType, Schema, model, models, type Model } from 'mongoose';

/** One entry of the catalog change log (lib/catalog/change-log.ts): its sequence number, as fixed-width text (logKey), is the `_id`. */
const catalogChangeSchema = new Schema({
  _id: { type: String, required: true },
  partId: { type: String, required: true },
  at: { type: Date, required: true, default: () => new Date() },
});

export type CatalogChangeDoc = InferSchemaType<typeof catalogChangeSchema>;
export const CatalogChange: Model<CatalogChangeDoc> =
  (models.CatalogChange as Model<CatalogChangeDoc>) ?? model<CatalogChangeDoc>('CatalogChange', catalogChangeSchema);
