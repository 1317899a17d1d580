import { requireAdmin } from '@/lib/auth';
import { otherMethods, pageResponse, parseInput, route, searchParamsOf } from '@/lib/platform/http';
import { listFitmentReviews } from '@/lib/returns';
import { fitmentReviewListQuerySchema } from '@/lib/validations/fit-reviews';

/** GET /api/admin/fitment-reviews?state=: the open reviews (or resolved ones), most reported first (admins). */
export const GET = route(async (req) => {
  const actor = await requireAdmin(req);
  return pageResponse(await listFitmentReviews(actor, parseInput(fitmentReviewListQuerySchema, searchParamsOf(req))));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
