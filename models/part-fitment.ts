import './time-limit';
import { type InferSchemaType, Schema, model, models, type Model } from 'mongoose';

/** A vehicle the part fits, shaped after ACES: the base vehicle (make, model, years), an optional engine, qualifier notes. */
export const fitmentRowSchema = new Schema(
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

/**
 * A part's fitment rows, one document per part with the part's `_id`: FerretDB v1 finds a document by `_id` without a
 * scan, and every other query scans the collection, so rows kept inside the part made every scan of the parts carry
 * them (2,000,000 ACES rows over 200,000 parts). `rev` counts the writes: a write names the one it read, so an admin's
 * save between an import's read and its write is planned again rather than overwritten.
 */
const partFitmentSchema = new Schema(
  {
    _id: { type: Schema.Types.ObjectId, required: true },
    rows: { type: [fitmentRowSchema], default: [] },
    // The BrandAAIAIDs of the imported rows: a FULL ACES file finds the parts of its brand by it.
    brands: { type: [String], default: undefined },
    rev: { type: Number, required: true, min: 1 },
  },
  { versionKey: false },
);

export type PartFitmentDoc = InferSchemaType<typeof partFitmentSchema>;
export const PartFitment: Model<PartFitmentDoc> =
  (models.PartFitment as Model<PartFitmentDoc>) ?? model<PartFitmentDoc>('PartFitment', partFitmentSchema);
