import './time-limit';
import { type InferSchemaType, Schema, model, models, type Model } from 'mongoose';

const userSchema = new Schema(
  {
    email: { type: String, required: true, lowercase: true, trim: true },
    name: { type: String, required: true, trim: true },
    passwordHash: { type: String },
    role: { type: String, enum: ['admin'] },
    emailVerified: { type: Date },
    googleId: { type: String },
    // Raised when the password changes: sessions and tokens issued before it stop working.
    sessionVersion: { type: Number, required: true, default: 0 },
  },
  { timestamps: true },
);
userSchema.index({ email: 1 }, { unique: true });
userSchema.index({ createdAt: 1, _id: 1 });

export type UserDoc = InferSchemaType<typeof userSchema>;
export const User: Model<UserDoc> = (models.User as Model<UserDoc>) ?? model<UserDoc>('User', userSchema);
