import './time-limit';
import { type InferSchemaType, Schema, model, models, type Model } from 'mongoose';

/** What part a line takes (a PCdb part type, or the shop's category and a word of the part's name for parts without one)
 * and where on the car. */
const kitOptionFields = {
  partTypeId: { type: Number },
  category: { type: String, trim: true, maxlength: 40 },
  keyword: { type: String, trim: true, maxlength: 40 },
  position: { type: String, trim: true, maxlength: 60 },
};

/** One line of a job: its kind, how many, and the kinds tried after it in order (rear shoes where no rear pads fit). */
const kitLineSchema = new Schema(
  {
    label: { type: String, required: true, trim: true, maxlength: 60 },
    ...kitOptionFields,
    quantity: { type: Number, required: true, min: 1, max: 100 },
    // Spark plugs: one per cylinder when the chosen engine tells how many.
    perCylinder: { type: Boolean },
    // Absent on lines stored before alternatives: those have one option.
    alternatives: { type: [new Schema(kitOptionFields, { _id: false })], default: undefined },
  },
  { _id: false },
);

/** A job the shop sells as one step ("Front brake job"), defined by an admin. */
const jobKitSchema = new Schema(
  {
    name: { type: String, required: true, trim: true, maxlength: 60 },
    // The name in lower case: unique, so two admins cannot make the same job twice.
    nameKey: { type: String, required: true },
    lines: { type: [kitLineSchema], default: [] },
    position: { type: Number, required: true, default: 0 },
  },
  { timestamps: true },
);
jobKitSchema.index({ nameKey: 1 }, { unique: true });

export type JobKitDoc = InferSchemaType<typeof jobKitSchema>;
export const JobKit: Model<JobKitDoc> = (models.JobKit as Model<JobKitDoc>) ?? model<JobKitDoc>('JobKit', jobKitSchema);
