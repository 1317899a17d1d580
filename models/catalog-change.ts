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

/** A number the log reached (one document, `_id` 'head'): where a search for its last entry starts, and where numbering goes on
 * once every entry has been pruned. Raised after each append, never lowered. */
const catalogLogHeadSchema = new Schema({
  _id: { type: String, required: true },
  seq: { type: Number, required: true },
});

export type CatalogLogHeadDoc = InferSchemaType<typeof catalogLogHeadSchema>;
export const CatalogLogHead: Model<CatalogLogHeadDoc> =
  (models.CatalogLogHead as Model<CatalogLogHeadDoc>) ?? model<CatalogLogHeadDoc>('CatalogLogHead', catalogLogHeadSchema);
