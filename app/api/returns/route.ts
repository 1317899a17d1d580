import { requireOrderActor } from '@/lib/orders';
import { otherMethods, pageResponse, parseInput, route, searchParamsOf } from '@/lib/platform/http';
import { listReturns } from '@/lib/returns';
import { returnListQuerySchema } from '@/lib/validations/returns';

/** GET /api/returns?state=&reason=: the caller's returns (an order link: that order's), or every return for an admin. */
export const GET = route(async (req) => {
  const actor = await requireOrderActor(req);
  return pageResponse(await listReturns(actor, parseInput(returnListQuerySchema, searchParamsOf(req))));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
