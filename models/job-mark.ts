import './time-limit';
import { type InferSchemaType, Schema, model, models, type Model } from 'mongoose';

/**
 * How far a background job got (`_id`: the job's name), kept in the database so that a run on any
 * instance, or on a fresh serverless one, carries on where the last run stopped.
 */
const jobMarkSchema = new Schema({
  _id: { type: String, required: true },
  upTo: { type: Date, required: true },
});

export type JobMarkDoc = InferSchemaType<typeof jobMarkSchema>;
export const JobMark: Model<JobMarkDoc> = (models.JobMark as Model<JobMarkDoc>) ?? model<JobMarkDoc>('JobMark', jobMarkSchema);
