import { NextResponse } from 'next/server';
import { parseInput, route, searchParamsOf } from '@/lib/http';
import { listReviews } from '@/lib/reviews';
import { pageQuerySchema } from '@/lib/validations/common';

/** GET /api/review: reviews newest first; `limit` (1..100) and `page` optional. */
export const GET = route(async (req) => {
  const query = parseInput(pageQuerySchema, searchParamsOf(req));
  const page = await listReviews(query);
  return NextResponse.json(page.items, {
    headers: { 'X-Total-Count': String(page.total), 'X-Page': String(page.page), 'X-Limit': String(page.limit) },
  });
});
