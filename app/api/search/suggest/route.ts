import { NextResponse } from 'next/server';
import { otherMethods, parseInput, route, searchParamsOf } from '@/lib/platform/http';
import { REQUEST_SEARCH_WAIT } from '@/lib/catalog';
import { suggestCatalog } from '@/lib/catalog';
import { suggestQuerySchema } from '@/lib/validations/search';

/** GET /api/search/suggest?q=: what the search box offers while typing (categories, brands, parts). */
export const GET = route(async (req) => {
  const { q } = parseInput(suggestQuerySchema, searchParamsOf(req));
  const suggestions = await suggestCatalog(q, 8, REQUEST_SEARCH_WAIT);
  return NextResponse.json({ suggestions }, { headers: { 'Cache-Control': 'public, max-age=60, s-maxage=60' } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
