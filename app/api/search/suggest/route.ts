import { NextResponse } from 'next/server';
import { z } from 'zod';
import { MAX_QUERY_LENGTH } from '@/lib/constants';
import { otherMethods, parseInput, route, searchParamsOf } from '@/lib/http';
import { catalogSearch } from '@/lib/search';

const suggestSchema = z.object({ q: z.string().max(MAX_QUERY_LENGTH, `Search for at most ${MAX_QUERY_LENGTH} characters`).default('') });

/** GET /api/search/suggest?q=: what the search box offers while typing (categories, brands, parts). */
export const GET = route(async (req) => {
  const { q } = parseInput(suggestSchema, searchParamsOf(req));
  const suggestions = await catalogSearch().suggest(q, 8);
  return NextResponse.json({ suggestions }, { headers: { 'Cache-Control': 'public, max-age=60, s-maxage=60' } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
