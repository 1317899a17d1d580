import './time-limit';
import { type InferSchemaType, Schema, model, models, type Model } from 'mongoose';

/**
 * A customer's saved vehicle. `_id` is `${userId}:${slot}` with slot 0..9, so the unique `_id` alone
 * keeps a garage at 10 vehicles, even when two requests add at once (on FerretDB too). The active
 * vehicle is the slot named by the customer's `${userId}:active` pointer.
 */
const garageVehicleSchema = new Schema({
  _id: { type: String, required: true },
  userId: { type: String, required: true },
  year: { type: Number, required: true },
  make: { type: String, required: true },
  model: { type: String, required: true },
  engine: { type: String },
  // The vehicle within its owner's garage (owner, year, make, model, engine): unique, so the same vehicle
  // added twice at once is one entry. Entries saved before it have none (the index is sparse).
  key: { type: String },
  at: { type: Date, required: true, default: () => new Date() },
});
garageVehicleSchema.index({ key: 1 }, { unique: true, sparse: true });

const garagePointerSchema = new Schema({
  _id: { type: String, required: true },
  userId: { type: String, required: true },
  slot: { type: Number, required: true },
});

export type GarageVehicleDoc = InferSchemaType<typeof garageVehicleSchema>;
export const GarageVehicle: Model<GarageVehicleDoc> =
  (models.GarageVehicle as Model<GarageVehicleDoc>) ?? model<GarageVehicleDoc>('GarageVehicle', garageVehicleSchema);
export type GaragePointerDoc = InferSchemaType<typeof garagePointerSchema>;
export const GaragePointer: Model<GaragePointerDoc> =
  (models.GaragePointer as Model<GaragePointerDoc>) ?? model<GaragePointerDoc>('GaragePointer', garagePointerSchema);
