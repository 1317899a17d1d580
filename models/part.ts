import './time-limit';
import { type InferSchemaType, Schema, model, models, type Model } from 'mongoose';
import { PART_POSITIONS, PART_UNITS } from '@/lib/core/part-fields';

/** A number the part replaces (OE or another brand's), as the supplier gave it; `key` is it normalised for search. */
const interchangeSchema = new Schema(
  {
    brand: { type: String, trim: true, maxlength: 60 },
    number: { type: String, required: true, trim: true, maxlength: 40 },
    key: { type: String, required: true },
    kind: { type: String, enum: ['oe', 'aftermarket'], required: true },
  },
  { _id: false },
);

/** One line of a part's specification table (PIES product attributes). */
const attributeSchema = new Schema(
  {
    name: { type: String, required: true, maxlength: 80 },
    value: { type: String, required: true, maxlength: 200 },
    uom: { type: String, maxlength: 20 },
  },
  { _id: false },
);

/** A component of a kit (PIES Kits): its part number, brand and quantity in the kit. */
const kitComponentSchema = new Schema(
  {
    partNumber: { type: String, required: true, maxlength: 40 },
    brand: { type: String, maxlength: 60 },
    quantity: { type: Number, required: true, min: 1 },
    description: { type: String, maxlength: 200 },
  },
  { _id: false },
);

const partSchema = new Schema(
  {
    name: { type: String, required: true, trim: true, maxlength: 120 },
    description: { type: String, required: true, maxlength: 5000 },
    price: { type: Number, required: true, min: 0.01 },
    img: { type: String, required: true, maxlength: 500 },
    category: { type: String, trim: true, maxlength: 40 },
    brand: { type: String, trim: true, maxlength: 60 },
    partNumber: { type: String, trim: true, maxlength: 40 },
    // The part number as it is matched (upper case; spaces, dashes, dots and slashes removed): unique.
    partNumberKey: { type: String },
    oemNumbers: { type: [String], default: [] },
    position: { type: String, enum: PART_POSITIONS },
    interchange: { type: [interchangeSchema], default: [] },
    attributes: { type: [attributeSchema], default: [] },
    kitComponents: { type: [kitComponentSchema], default: [] },
    // The PCdb part type (PartTerminologyID) and the supplier's brand id, when imported.
    partTypeId: { type: Number },
    brandAAIAID: { type: String, maxlength: 10 },
    // availableQuantity and stockSeq are a cached fold of the StockMove ledger (lib/stock/ledger.ts):
    // always the pair (sum of moves 1..stockSeq, stockSeq), written together.
    availableQuantity: { type: Number, required: true, min: 0, default: 0 },
    stockSeq: { type: Number, required: true, min: 0, default: 0 },
    minimumQuantity: { type: Number, required: true, min: 1, default: 1 },
    unit: { type: String, enum: PART_UNITS, default: 'piece' },
    // The shipping weight of one unit, in kilograms (null: the shop's default weight applies).
    weightKg: { type: Number, min: 0, max: 1000, default: null },
    // The core deposit per unit, in dollars, charged as its own line and paid back when the old part comes back (null: none).
    coreCharge: { type: Number, min: 0, default: null },
    // Set when a part that orders refer to is deleted: it leaves every list, search and the sitemap.
    archivedAt: { type: Date, default: null },
  },
  { timestamps: true },
);
partSchema.index({ createdAt: -1, _id: -1 });
partSchema.index({ partNumberKey: 1 }, { unique: true, sparse: true });
partSchema.index({ 'interchange.key': 1 });

export type PartDoc = InferSchemaType<typeof partSchema>;
export const Part: Model<PartDoc> = (models.Part as Model<PartDoc>) ?? model<PartDoc>('Part', partSchema);
