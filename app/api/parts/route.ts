import { NextResponse } from 'next/server';
import { parseInput, route, searchParamsOf } from '@/lib/http';
import { listParts } from '@/lib/parts';
import { pageQuerySchema } from '@/lib/validations/common';

/** GET /api/parts: parts newest first; `limit` (1..100) and `page` optional; the total in X-Total-Count. */
export const GET = route(async (req) => {
  const query = parseInput(pageQuerySchema, searchParamsOf(req));
  const page = await listParts(query);
  return NextResponse.json(page.items, { headers: pageHeaders(page) });
});

function pageHeaders(page: { total: number; page: number; limit: number }): HeadersInit {
  return { 'X-Total-Count': String(page.total), 'X-Page': String(page.page), 'X-Limit': String(page.limit) };
}
