import { NextResponse } from 'next/server';
import { getCachedList, REQUEST_SEARCH_WAIT } from '@/lib/catalog';
import { otherMethods, parseInput, route, searchParamsOf } from '@/lib/platform/http';
import { searchCatalog } from '@/lib/catalog';
import { clientIp } from '@/lib/rate-limit';
import { searchQuerySchema } from '@/lib/validations/search';

/** GET /api/search: `{ items, total, facets, nextCursor }`, an item found by a number it replaces labelled so; a search that finds nothing is recorded as lost demand. */
export const GET = route(async (req) => {
  const query = parseInput(searchQuerySchema, searchParamsOf(req));
  const { ids, replaces, ...page } = await searchCatalog(query, {
    record: true,
    address: clientIp(req.headers),
    wait: REQUEST_SEARCH_WAIT,
  });
  const items = (await getCachedList(ids)).map((part) => (replaces?.[part._id] ? { ...part, replaces: replaces[part._id] } : part));
  return NextResponse.json({ items, ...page }, { headers: { 'Cache-Control': 'public, max-age=0, s-maxage=30' } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
