import type { Types } from 'mongoose';
import { connectDb } from '@/lib/db';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@/lib/constants';
import type { Page } from '@/lib/parts';
import { Review } from '@/models';
import type { ReviewDoc } from '@/models/review';

/** What the public sees of a review: never the author's email. */
export type ReviewDTO = {
  _id: string;
  name: string;
  image: string;
  review: string;
  rating: number;
  createdAt: string;
};

type LeanReview = ReviewDoc & { _id: Types.ObjectId; createdAt: Date };

export function toReviewDTO(review: LeanReview): ReviewDTO {
  return {
    _id: String(review._id),
    name: review.name,
    image: review.image,
    review: review.review,
    rating: review.rating,
    createdAt: new Date(review.createdAt).toISOString(),
  };
}

/** Reviews, newest first. */
export async function listReviews({ limit = DEFAULT_PAGE_SIZE, page = 1 } = {}): Promise<Page<ReviewDTO>> {
  await connectDb();
  const size = Math.min(Math.max(limit, 1), MAX_PAGE_SIZE);
  const [reviews, total] = await Promise.all([
    Review.find()
      .sort({ createdAt: -1, _id: -1 })
      .skip((page - 1) * size)
      .limit(size)
      .lean<LeanReview[]>(),
    Review.countDocuments(),
  ]);
  return { items: reviews.map(toReviewDTO), total, page, limit: size };
}
