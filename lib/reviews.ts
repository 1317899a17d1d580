import type { Types } from 'mongoose';
import type { Caller } from '@/lib/auth/caller';
import { revalidateCatalog } from '@/lib/cache';
import { TAGS } from '@/lib/constants';
import { connectDb } from '@/lib/db';
import { findPage, type Page, type PageQuery } from '@/lib/pagination';
import { ForbiddenError, NotFoundError } from '@/lib/errors';
import type { ReviewInput } from '@/lib/validations/reviews';
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
export function listReviews(query: PageQuery = {}): Promise<Page<ReviewDTO>> {
  return findPage(Review, { createdAt: -1, _id: -1 }, toReviewDTO, query);
}

/** Adds a review (customers): the name and author email come from the account. */
export async function createReview(actor: Pick<Caller, 'name' | 'email' | 'isAdmin'>, input: ReviewInput): Promise<ReviewDTO> {
  if (actor.isAdmin) throw new ForbiddenError('Admins cannot add reviews');
  await connectDb();
  const review = await Review.create({ ...input, name: actor.name, authorEmail: actor.email });
  revalidateCatalog(TAGS.reviews);
  return toReviewDTO(review.toObject() as LeanReview);
}

/** Removes a review (admins). */
export async function deleteReview(actor: Pick<Caller, 'isAdmin'>, id: string): Promise<{ acknowledged: true; deletedCount: number }> {
  if (!actor.isAdmin) throw new ForbiddenError('Admins only');
  if (!/^[a-f\d]{24}$/i.test(id)) throw new NotFoundError('Review not found');
  await connectDb();
  const result = await Review.deleteOne({ _id: id });
  if (result.deletedCount === 0) throw new NotFoundError('Review not found');
  revalidateCatalog(TAGS.reviews);
  return { acknowledged: true, deletedCount: result.deletedCount };
}
