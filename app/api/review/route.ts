import { NextResponse } from 'next/server';
import { requireActor } from '@/lib/auth';
import { otherMethods, pageResponse, parseInput, readJson, route, searchParamsOf } from '@/lib/platform/http';
import { getReviewsPage } from '@/lib/reviews';
import { createReview } from '@/lib/reviews';
import { pageQuerySchema } from '@/lib/validations/common';
import { reviewInputSchema } from '@/lib/validations/reviews';

/** GET /api/review: reviews newest first; `limit` (1..100) and `page` optional. */
export const GET = route(async (req) => {
  const query = parseInput(pageQuerySchema, searchParamsOf(req));
  return pageResponse(await getReviewsPage(query));
});

/** POST /api/review: `{ image, rating, review }` from a customer; the name comes from the account. Answers `insertedId`. */
export const POST = route(async (req) => {
  const actor = await requireActor(req);
  const review = await createReview(actor, await readJson(req, reviewInputSchema));
  return NextResponse.json({ acknowledged: true, insertedId: review._id }, { status: 201 });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
