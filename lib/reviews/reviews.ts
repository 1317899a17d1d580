import 'server-only';
import type { Types } from 'mongoose';
import { recordAudit } from '@/lib/audit';
import { assertAdmin, assertCustomer, type Actor } from '@/lib/auth';
import { expireCacheTags } from '@/lib/platform/cache';
import { TAGS } from '@/lib/catalog';
import { connectDb } from '@/lib/platform/db';
import { NotFoundError } from '@/lib/core/errors';
import { parseObjectId } from '@/lib/core/ids';
import { findPage } from '@/lib/platform/find-page';
import type { Page, PageQuery } from '@/lib/core/pagination';
import type { ReviewDTO } from '@/lib/reviews/types';
import type { ReviewInput } from '@/lib/validations/reviews';
import { Review } from '@/models';
import type { ReviewDoc } from '@/models/review';

export type { ReviewDTO };

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
export async function createReview(actor: Pick<Actor, 'name' | 'email' | 'isAdmin'>, input: ReviewInput): Promise<ReviewDTO> {
  assertCustomer(actor, 'Admins cannot add reviews');
  await connectDb();
  const review = await Review.create({ ...input, name: actor.name, authorEmail: actor.email });
  await expireCacheTags([TAGS.reviews]);
  return toReviewDTO(review.toObject() as LeanReview);
}

/** Removes a review (admins), recording what it said in the audit log. */
export async function deleteReview(
  actor: Pick<Actor, '_id' | 'email' | 'isAdmin'>,
  id: string,
): Promise<{ acknowledged: true; deletedCount: number }> {
  assertAdmin(actor);
  const reviewId = parseObjectId(id, 'Review not found');
  await connectDb();
  const review = await Review.findById(reviewId).lean<LeanReview>();
  if (!review) throw new NotFoundError('Review not found');
  const result = await Review.deleteOne({ _id: reviewId });
  if (result.deletedCount === 0) throw new NotFoundError('Review not found');
  await expireCacheTags([TAGS.reviews]);
  // Recorded only when this request removed it (a repeated removal is a 404 and records nothing).
  await recordAudit(actor, {
    action: 'review.remove',
    target: { kind: 'review', id: String(review._id), label: `${review.name}: ${review.review.slice(0, 60)}` },
    before: {
      name: review.name,
      rating: review.rating,
      review: review.review,
      image: review.image,
      authorEmail: review.authorEmail ?? null,
    },
    after: null,
  });
  return { acknowledged: true, deletedCount: result.deletedCount };
}
