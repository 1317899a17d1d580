import './time-limit';
import { type InferSchemaType, Schema, model, models, type Model } from 'mongoose';
import { PART_POSITIONS, PART_UNITS } from '@/lib/core/part-fields';

/** A vehicle the part fits, shaped after ACES: the base vehicle (make, model, years), an optional engine, qualifier notes. */
const fitmentSchema = new Schema(
  {
    make: { type: String, required: true, trim: true, maxlength: 40 },
    model: { type: String, required: true, trim: true, maxlength: 40 },
    yearFrom: { type: Number, required: true },
    yearTo: { type: Number, required: true },
    engine: { type: String, trim: true, maxlength: 40 },
    notes: { type: String, trim: true, maxlength: 200 },
    // ACES's own fields (issue 46): the VCdb ids the row was imported with, where the vehicle list has them.
    baseVehicleId: { type: Number },
    subModel: { type: String, trim: true, maxlength: 60 },
    subModelId: { type: Number },
    engineBaseId: { type: Number },
    // The position as the PCdb names it, and its id when imported; the quantity the vehicle takes.
    position: { type: String, trim: true, maxlength: 60 },
    positionId: { type: Number },
    quantity: { type: Number, min: 1, max: 1000 },
    partTypeId: { type: Number },
    // Qualifiers that decide fit ("With 288 mm front rotors"), with their Qdb id where sent.
    qualifiers: {
      type: [new Schema({ text: { type: String, required: true, maxlength: 300 }, qdbId: { type: Number } }, { _id: false })],
      default: undefined,
    },
    // Where an imported row came from: every row traces to its file (rows entered by hand have none).
    source: {
      type: new Schema(
        {
          importId: { type: String, required: true },
          appId: { type: String, maxlength: 60 },
          brandAAIAID: { type: String, maxlength: 10 },
        },
        { _id: false },
      ),
      default: undefined,
    },
  },
  { _id: false },
);

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
    fitment: { type: [fitmentSchema], default: [] },
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
