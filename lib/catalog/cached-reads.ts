import 'server-only';
import { cache } from 'react';
import { tagCatalogRead } from '@/lib/platform/cache';
import { TAGS } from '@/lib/catalog/tags';
import { isBuildWithoutDatabase } from '@/lib/platform/env';
import { CatalogLoadingError, isCatalogLoading, NotFoundError } from '@/lib/core/errors';
import { getPart } from '@/lib/catalog/parts';
import { suggestionHref } from '@/lib/catalog/url';
import { searchCatalog, suggestCatalog, type SearchPage } from '@/lib/catalog/search';
import type { PartDTO } from '@/lib/catalog/types';
import { catalogPageQuery, searchQuerySchema, type SearchQuery } from '@/lib/validations/search';

export const HOME_PART_COUNT = 6;

/** Cached catalog reads (DESIGN.md section 8), `'use cache'` per tag: a list is built from its parts' entries, carrying their tags,
 * so an order expires only the pages showing its part. During a self-hosted `next build` these answer empty (no database). */
/** A search query with its defaults, from URL-like fields (validated: bad input throws a 400). */
export function catalogQuery(fields: Record<string, string | undefined> = {}): SearchQuery {
  return searchQuerySchema.parse(fields);
}

/** One part, or null when there is none to show (cached too: a part created later has a new id). */
async function readPart(id: string): Promise<PartDTO | null> {
  'use cache';
  tagCatalogRead(TAGS.part(id));
  if (isBuildWithoutDatabase()) return null;
  try {
    return await getPart(id);
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

/** One part, cached under its tag (once per render: the metadata and the page share it). */
export const getCachedPart = cache(async (id: string): Promise<PartDTO> => {
  const part = await readPart(id);
  if (!part) throw new NotFoundError('Part not found');
  return part;
});

/** Parts by id for a list, skipping any archived or deleted since the list was computed. */
export async function getCachedParts(ids: readonly string[]): Promise<PartDTO[]> {
  const parts = await Promise.all(ids.map((id) => readPart(id)));
  return parts.filter((part): part is PartDTO => part !== null);
}

/** A list as one cache entry tagged with each part: one cache read per list, expired only by its own parts. */
export async function getCachedList(ids: readonly string[]): Promise<PartDTO[]> {
  'use cache';
  tagCatalogRead();
  return ids.length ? getCachedParts(ids) : [];
}

/** The same list cached as the API's JSON text, so each answer skips parsing and serializing it again. */
async function getCachedListJson(ids: readonly string[]): Promise<string> {
  'use cache';
  tagCatalogRead();
  return ids.length ? JSON.stringify(await getCachedParts(ids)) : '[]';
}

/** `loading`: the search index is still loading (a first start): no parts yet, the page says so. */
export type CatalogPage = Omit<SearchPage, 'ids'> & { parts: PartDTO[]; loading?: true };

const EMPTY: CatalogPage = { parts: [], total: 0, facets: { category: [], brand: [], price: [], inStock: 0 }, nextCursor: null };

/** How long a search waits for the index; meanwhile a page shows "catalog loading" and an API call answers 503 with Retry-After. */
export const REQUEST_SEARCH_WAIT: { waitMs: number } = { waitMs: 500 };

/** A page of the catalog for a query: the result cached per query under `catalog`, its parts under theirs. */
export async function getCatalogPage(query: SearchQuery): Promise<CatalogPage> {
  if (isBuildWithoutDatabase()) return EMPTY;
  const page = await getSearchPage(query);
  if (!page) return { ...EMPTY, loading: true };
  const { ids, ...rest } = page;
  return { ...rest, parts: await getCachedList(ids) };
}

/** A catalog page's URL fields, read: the query and page number they make with its result, or the message refusing them. */
export type CatalogView = { ok: true; query: SearchQuery; page: number; result: CatalogPage } | { ok: false; message: string };

/** The catalog page cached whole: its check reads the clock (next year's vehicles), which a shared page may only do inside a cache. */
export async function getCatalogView(fields: Partial<Record<string, string>>): Promise<CatalogView> {
  'use cache';
  const parsed = catalogPageQuery(fields);
  return parsed.ok ? { ...parsed, result: await getCatalogPage(parsed.query) } : parsed;
}

/** A page of the catalog for an API: its parts as JSON text (an array) and the total. */
export async function getCatalogPageJson(query: SearchQuery): Promise<{ json: string; total: number }> {
  if (isBuildWithoutDatabase()) return { json: '[]', total: 0 };
  const page = await getSearchPage(query);
  if (!page) throw new CatalogLoadingError();
  return { json: await getCachedListJson(page.ids), total: page.total };
}

/** The search page, or null while the index loads (a throw would be a miss at render); the loaded index expires `catalog` to re-render. */
async function getSearchPage(query: SearchQuery): Promise<SearchPage | null> {
  'use cache';
  tagCatalogRead(TAGS.catalog);
  try {
    return await searchCatalog(query, { wait: REQUEST_SEARCH_WAIT });
  } catch (error) {
    if (isCatalogLoading(error)) return null;
    throw error;
  }
}

/** The home page's parts: the newest (none, `loading`, while the search index loads). */
export async function getHomeParts(): Promise<Pick<CatalogPage, 'parts' | 'loading'>> {
  const { parts, loading } = await getCatalogPage(catalogQuery({ sort: 'newest', limit: String(HOME_PART_COUNT) }));
  return { parts, loading };
}

/** Suggestions after an empty search: for the whole text, then each word (a long query often fails on one unknown word). */
export async function getSuggestions(text: string, limit = 6): Promise<Array<{ label: string; href: string }>> {
  const words = text.split(/\s+/).filter((word) => word.length >= 3);
  const lists = await Promise.all([text, ...words.slice(0, 5)].map((term) => suggestCatalog(term, limit, REQUEST_SEARCH_WAIT)));
  const seen = new Map<string, string>();
  for (const suggestion of lists.flat()) {
    const href = suggestionHref(suggestion);
    if (!seen.has(href)) seen.set(href, suggestion.label);
  }
  return [...seen].slice(0, limit).map(([href, label]) => ({ href, label }));
}
