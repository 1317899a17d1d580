import './time-limit';
import { type InferSchemaType, Schema, model, models, type Model } from 'mongoose';

const profileSchema = new Schema(
  {
    name: { type: String, required: true, trim: true },
    email: { type: String, required: true, lowercase: true, trim: true },
    education: { type: String, required: true, trim: true },
    image: { type: String, required: true },
    district: { type: String, required: true, trim: true },
    city: { type: String, required: true, trim: true },
    linkedin: { type: String, trim: true },
    github: { type: String, trim: true },
    phone: { type: String, required: true, trim: true },
  },
  { timestamps: true },
);
profileSchema.index({ email: 1 }, { unique: true });

export type ProfileDoc = InferSchemaType<typeof profileSchema>;
export const Profile: Model<ProfileDoc> = (models.Profile as Model<ProfileDoc>) ?? model<ProfileDoc>('Profile', profileSchema);
