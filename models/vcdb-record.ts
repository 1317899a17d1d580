import './time-limit';
import { type InferSchemaType, Schema, model, models, type Model } from 'mongoose';

/**
 * One row of the VCdb tables the shop keeps (issue 46), `_id`: `${table}:${id}` ("BaseVehicle:7481"),
 * read by `_id` when an ACES file names it. The selector's list (models/vehicle.ts) is built from them;
 * a row keeps only the fields the shop uses.
 */
const vcdbRecordSchema = new Schema({
  _id: { type: String, required: true },
  table: { type: String, required: true, enum: ['Make', 'Model', 'BaseVehicle', 'SubModel', 'EngineBase', 'Vehicle'] },
  vcdbId: { type: Number, required: true },
  // Make, Model, SubModel: the name; EngineBase: its label ("1.8L L4").
  name: { type: String },
  // BaseVehicle: its year and the make's and model's names (and ids).
  year: { type: Number },
  makeId: { type: Number },
  modelId: { type: Number },
  make: { type: String },
  model: { type: String },
  // EngineBase.
  liter: { type: String },
  cylinders: { type: String },
  blockType: { type: String },
  // Vehicle: its base vehicle, submodel and engines (through VehicleToEngineConfig and EngineConfig).
  baseVehicleId: { type: Number },
  subModelId: { type: Number },
  engineBaseIds: { type: [Number], default: undefined },
});
vcdbRecordSchema.index({ table: 1, baseVehicleId: 1 });
// A model's base vehicles, for rebuilding its generations.
vcdbRecordSchema.index({ table: 1, makeId: 1, modelId: 1 });

export type VcdbRecordDoc = InferSchemaType<typeof vcdbRecordSchema>;
export const VcdbRecord: Model<VcdbRecordDoc> =
  (models.VcdbRecord as Model<VcdbRecordDoc>) ?? model<VcdbRecordDoc>('VcdbRecord', vcdbRecordSchema);
