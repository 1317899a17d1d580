import './time-limit';
import { type InferSchemaType, Schema, model, models, type Model } from 'mongoose';

/**
 * Vehicle reference data for the selector (DESIGN.md section 4): one document per model generation
 * (`_id` like `toyota-corolla-2014`), with its engines and their years; and one per make with its
 * World Manufacturer Identifiers, for decoding VINs.
 */
const vehicleSchema = new Schema({
  _id: { type: String, required: true },
  make: { type: String, required: true },
  model: { type: String, required: true },
  yearFrom: { type: Number, required: true },
  yearTo: { type: Number, required: true },
  engines: {
    type: [
      new Schema(
        { name: { type: String, required: true }, yearFrom: { type: Number, required: true }, yearTo: { type: Number, required: true } },
        { _id: false },
      ),
    ],
    default: [],
  },
  // A generation built from a VCdb extract: the make's and model's VCdb ids (a rename still finds it).
  makeId: { type: Number },
  modelId: { type: Number },
});
vehicleSchema.index({ makeId: 1, modelId: 1 });

const vehicleMakeSchema = new Schema({
  _id: { type: String, required: true },
  wmi: { type: [String], default: [] },
});

export type VehicleDoc = InferSchemaType<typeof vehicleSchema>;
export const Vehicle: Model<VehicleDoc> = (models.Vehicle as Model<VehicleDoc>) ?? model<VehicleDoc>('Vehicle', vehicleSchema);
export type VehicleMakeDoc = InferSchemaType<typeof vehicleMakeSchema>;
export const VehicleMake: Model<VehicleMakeDoc> =
  (models.VehicleMake as Model<VehicleMakeDoc>) ?? model<VehicleMakeDoc>('VehicleMake', vehicleMakeSchema);
