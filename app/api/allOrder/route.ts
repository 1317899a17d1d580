import { requireAdmin } from '@/lib/auth';
import { otherMethods, pageResponse, parseInput, route, searchParamsOf } from '@/lib/platform/http';
import { listAllOrders } from '@/lib/orders';
import { pageQuerySchema } from '@/lib/validations/common';

/** GET /api/allOrder: every order, newest first (admins); `limit` (1..100, default 100) and `page`. */
export const GET = route(async (req) => {
  const actor = await requireAdmin(req);
  const query = parseInput(pageQuerySchema, searchParamsOf(req));
  return pageResponse(await listAllOrders(actor, { limit: query.limit ?? 100, page: query.page }));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
