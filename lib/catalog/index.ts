import 'server-only';
import { cache } from 'react';
import { cachedRead } from '@/lib/platform/cache';
import { HOME_PART_COUNT, HOME_REVIEW_COUNT, TAGS } from '@/lib/platform/constants';
import { isBuildWithoutDatabase } from '@/lib/platform/env';
import { NotFoundError } from '@/lib/platform/errors';
import { getPart } from '@/lib/catalog/parts';
import type { Page, PageQuery } from '@/lib/platform/pagination';
import { listReviews } from '@/lib/reviews';
import { suggestionHref } from '@/lib/catalog/url';
import { catalogSearch, recordLostDemand, searchCatalog, type SearchPage } from '@/lib/catalog/search';
import type { PartDTO, ReviewDTO } from '@/lib/platform/types';
import { searchQuerySchema, type SearchQuery } from '@/lib/validations/search';

/**
 * Cached catalog reads for the pages (DESIGN.md section 8). A part is cached under its own tag, and a
 * list under `catalog` plus, through the parts it renders, the tag of every part it shows: an order
 * expires only its part's page and the lists that show it; a new or removed part expires the lists.
 * The time-based revalidate is only a safety net for changes made outside the app (a seed script).
 *
 * The database is not reachable while a self-hosted `next build` prerenders: these reads answer empty
 * then, and the cache handler (lib/platform/cache-handler.mjs) never keeps what the build rendered.
 */
const SAFETY_NET_SECONDS = 3600;

/** A search query with its defaults, from URL-like fields (validated: bad input throws a 400). */
export function catalogQuery(fields: Record<string, string | undefined> = {}): SearchQuery {
  return searchQuerySchema.parse(fields);
}

/** One part, cached under its tag (once per render: the metadata and the page share it). */
export const getCachedPart = cache((id: string): Promise<PartDTO> =>
  cachedRead(() => getPart(id), ['part', id], { tags: [TAGS.part(id)], revalidate: SAFETY_NET_SECONDS }),
);

/** Parts by id for a list, skipping any archived or deleted since the list was computed. */
export async function getCachedParts(ids: readonly string[]): Promise<PartDTO[]> {
  const parts = await Promise.all(
    ids.map((id) =>
      getCachedPart(id).catch((error: unknown) => {
        if (error instanceof NotFoundError) return null;
        throw error;
      }),
    ),
  );
  return parts.filter((part): part is PartDTO => part !== null);
}

/**
 * The parts of a list as one cache entry, tagged with each of them: one cache read per list instead of
 * one per part, and still expired by an order of any part it shows (and only by those).
 */
export function getCachedList(ids: readonly string[]): Promise<PartDTO[]> {
  if (!ids.length) return Promise.resolve([]);
  return cachedRead(() => getCachedParts(ids), ['parts', ...ids], { tags: ids.map(TAGS.part), revalidate: SAFETY_NET_SECONDS });
}

/**
 * The same list as the JSON text an API answers, cached as that text under the same tags. The data
 * cache keeps JSON, so a list of objects is parsed on every read and serialized again for the answer
 * (20 parts: 30 kB), where the text is read back as one string: GET /api/parts takes 13% less CPU
 * (1,494 against 1,711 µs a request, both ways in one server). Built from the parts' own entries, not
 * getCachedList's: the API would never read that copy of the list.
 */
function getCachedListJson(ids: readonly string[]): Promise<string> {
  if (!ids.length) return Promise.resolve('[]');
  return cachedRead(async () => JSON.stringify(await getCachedParts(ids)), ['parts-json', ...ids], {
    tags: ids.map(TAGS.part),
    revalidate: SAFETY_NET_SECONDS,
  });
}

export type CatalogPage = Omit<SearchPage, 'ids'> & { parts: PartDTO[] };

const EMPTY: CatalogPage = { parts: [], total: 0, facets: { category: [], brand: [], price: [], inStock: 0 }, nextCursor: null };

/**
 * A page of the catalog for a query: the result cached per query under `catalog`, its parts under
 * theirs. `record` (a shopper's page, not a list the shop shows by itself) notes lost demand.
 */
export async function getCatalogPage(query: SearchQuery, { record = false } = {}): Promise<CatalogPage> {
  if (isBuildWithoutDatabase()) return EMPTY;
  const page = await getSearchPage(query);
  if (record) await recordLostDemand(query, page);
  const { ids, ...rest } = page;
  return { ...rest, parts: await getCachedList(ids) };
}

/** A page of the catalog for an API: its parts as JSON text (an array) and the total. */
export async function getCatalogPageJson(query: SearchQuery): Promise<{ json: string; total: number }> {
  if (isBuildWithoutDatabase()) return { json: '[]', total: 0 };
  const { ids, total } = await getSearchPage(query);
  return { json: await getCachedListJson(ids), total };
}

function getSearchPage(query: SearchQuery): Promise<SearchPage> {
  return cachedRead(() => searchCatalog(query), ['search', JSON.stringify(query)], {
    tags: [TAGS.catalog],
    revalidate: SAFETY_NET_SECONDS,
  });
}

/** The home page's parts: the newest. */
export async function getHomeParts(): Promise<PartDTO[]> {
  return (await getCatalogPage(catalogQuery({ sort: 'newest', limit: String(HOME_PART_COUNT) }))).parts;
}

/** A page of reviews, newest first, cached until a review is added or removed. */
export async function getReviewsPage(query: PageQuery): Promise<Page<ReviewDTO>> {
  if (isBuildWithoutDatabase()) return { items: [], total: 0, page: 1, limit: query.limit ?? HOME_REVIEW_COUNT };
  return cachedRead(() => listReviews(query), ['reviews', String(query.limit ?? ''), String(query.page ?? '')], {
    tags: [TAGS.reviews],
    revalidate: SAFETY_NET_SECONDS,
  });
}

export async function getHomeReviews(): Promise<ReviewDTO[]> {
  return (await getReviewsPage({ limit: HOME_REVIEW_COUNT })).items;
}

/**
 * What to offer after a search that found nothing: suggestions for the whole text, then for each of
 * its words (a long query often fails on one word the catalog does not know).
 */
export async function getSuggestions(text: string, limit = 6): Promise<Array<{ label: string; href: string }>> {
  const words = text.split(/\s+/).filter((word) => word.length >= 3);
  const lists = await Promise.all([text, ...words.slice(0, 5)].map((term) => catalogSearch().suggest(term, limit)));
  const seen = new Map<string, string>();
  for (const suggestion of lists.flat()) {
    const href = suggestionHref(suggestion);
    if (!seen.has(href)) seen.set(href, suggestion.label);
  }
  return [...seen].slice(0, limit).map(([href, label]) => ({ href, label }));
}
