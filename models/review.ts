import './time-limit';
import { type InferSchemaType, Schema, model, models, type Model } from 'mongoose';

const reviewSchema = new Schema(
  {
    name: { type: String, required: true, trim: true, maxlength: 80 },
    image: { type: String, required: true, maxlength: 500 },
    review: { type: String, required: true, minlength: 50, maxlength: 2000 },
    rating: { type: Number, required: true, min: 1, max: 5 },
    authorEmail: { type: String, lowercase: true, trim: true },
  },
  { timestamps: true },
);
reviewSchema.index({ createdAt: -1, _id: -1 });

export type ReviewDoc = InferSchemaType<typeof reviewSchema>;
export const Review: Model<ReviewDoc> = (models.Review as Model<ReviewDoc>) ?? model<ReviewDoc>('Review', reviewSchema);
