import { requireAdmin } from '@/lib/auth';
import { listRedemptions } from '@/lib/checkout';
import { otherMethods, pageResponse, parseInput, route, searchParamsOf } from '@/lib/platform/http';
import { pageQuerySchema } from '@/lib/validations/common';

/** GET /api/admin/discount-codes/{code}/redemptions: the orders that used the code, newest first (admins). */
export const GET = route<{ code: string }>(async (req, { code }) => {
  const actor = await requireAdmin(req);
  return pageResponse(await listRedemptions(actor, code, parseInput(pageQuerySchema, searchParamsOf(req))));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
