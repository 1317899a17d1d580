import './time-limit';
import { type InferSchemaType, Schema, model, models, type Model } from 'mongoose';

/**
 * The admin's tables for PIES and ACES imports (issue 46), one document (`_id` 'pies'): a supplier's BrandAAIAID to the
 * shop's brand name, a PCdb PartTerminologyID to one of the shop's categories, a PCdb position id to its name, and the
 * price type imported.
 */
const importMappingsSchema = new Schema(
  {
    _id: { type: String, required: true },
    priceType: { type: String, required: true, default: 'RET', maxlength: 4 },
    brands: {
      type: [new Schema({ aaiaId: { type: String, required: true }, brand: { type: String, required: true } }, { _id: false })],
      default: [],
    },
    categories: {
      type: [new Schema({ partTypeId: { type: Number, required: true }, category: { type: String, required: true } }, { _id: false })],
      default: [],
    },
    positions: {
      type: [new Schema({ positionId: { type: Number, required: true }, name: { type: String, required: true } }, { _id: false })],
      default: [],
    },
  },
  { timestamps: true },
);

export type ImportMappingsDoc = InferSchemaType<typeof importMappingsSchema>;
export const ImportMappings: Model<ImportMappingsDoc> =
  (models.ImportMappings as Model<ImportMappingsDoc>) ?? model<ImportMappingsDoc>('ImportMappings', importMappingsSchema);
