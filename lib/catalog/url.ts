import type { z } from 'zod';
import type { VehicleChoice } from '@/lib/catalog/fitment';
import type { Suggestion } from '@/lib/catalog/search/types';
import type { searchQuerySchema } from '@/lib/validations/search';
import { CATALOG_URL_FIELDS } from '@/lib/catalog/url-fields.mjs';

/** The search schema's fields a catalog URL does not carry: the API's paging and Manage Products' own filter. */
export const API_ONLY_FIELDS = ['cursor', 'limit', 'outOfStock'] as const;

/** The catalog's state lives in its URL so it can be shared and the back button works; client-safe. */
export type CatalogParam = Exclude<keyof z.input<typeof searchQuerySchema>, (typeof API_ONLY_FIELDS)[number]> | 'page';
export type CatalogParams = Partial<Record<CatalogParam, string>>;

/** The fields in their canonical order (lib/catalog/url-fields.mjs, the one list of them). */
export const CATALOG_PARAMS = Object.keys(CATALOG_URL_FIELDS) as CatalogParam[];

export const CATALOG_PATH = '/parts';
export const categoryPath = (slug: string) => `/categories/${encodeURIComponent(slug)}`;

/** Narrowed pages live under `{path}/search`, not a query on the static page: the client router reuses a static page for any query. */
export const searchPath = (basePath: string) => `${basePath}/search`;

/** The canonical query as base64url: proxy.ts serves `{path}/search?{fields}` from `{path}/search/{key}`, kept once rendered. */
export function filtersKey(params: CatalogParams): string {
  const bytes = new TextEncoder().encode(canonicalQuery(params));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A key that names no fields: what the build prerenders of a narrowed page (Cache Components wants one), a 404. */
export const PLACEHOLDER_KEY = '_';

/** The fields of a key from filtersKey(), or null when it is not the canonical key of any fields. */
export function paramsOfKey(key: string): CatalogParams | null {
  let query: string;
  try {
    const binary = atob(key.replace(/-/g, '+').replace(/_/g, '/'));
    query = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
  } catch {
    return null;
  }
  const params = readCatalogParams(Object.fromEntries(new URLSearchParams(query)));
  return Object.keys(params).length > 0 && filtersKey(params) === key ? params : null;
}

/** Where proxy.ts serves a narrowed page from (`/parts/search?q=pads` → `/parts/search/cT1wYWRz`); no field: the plain list. */
export function narrowedPage(pathname: string, search: URLSearchParams): { rewrite: string } | { redirect: string } | null {
  const match = /^(\/parts|\/categories\/[^/]+)\/search$/.exec(pathname);
  const base = match?.[1];
  if (!base) return null;
  const params = readCatalogParams(firstValues(search));
  if (base !== CATALOG_PATH) delete params.category;
  const key = filtersKey(params);
  return key ? { rewrite: `${pathname}/${key}` } : { redirect: base };
}

/** A query's fields, the first of repeated values (as the page's own search params read them). */
function firstValues(search: URLSearchParams): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of search) if (!(name in fields)) fields[name] = value;
  return fields;
}

/** The catalog's or a category's own page, without the search path (`/parts`, `/categories/brakes`). */
const isPlainCatalogPath = (pathname: string) => pathname === CATALOG_PATH || /^\/categories\/[^/]+$/.test(pathname);

/** The old form of a narrowed catalog URL (`/parts?q=…`, `/categories/brakes?brand=…`): where it lives now, or null. */
export function narrowedLocation(pathname: string, search: URLSearchParams): string | null {
  if (!isPlainCatalogPath(pathname)) return null;
  if (!CATALOG_PARAMS.some((name) => search.get(name))) return null;
  return `${searchPath(pathname)}?${search.toString()}`;
}

/** The catalog's fields from a page's search params (the first of repeated values; unknown names dropped). */
export function readCatalogParams(searchParams: Record<string, string | string[] | undefined>): CatalogParams {
  const params: CatalogParams = {};
  for (const name of CATALOG_PARAMS) {
    const raw = searchParams[name];
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (value !== undefined && value !== '') params[name] = value;
  }
  return params;
}

/** A catalog link with `changes` applied (undefined removes); any other change resets the page, which may no longer exist. */
export function catalogHref(basePath: string, params: CatalogParams, changes: CatalogParams = {}): string {
  const merged: CatalogParams = { ...params, ...changes };
  if (!('page' in changes)) delete merged.page;
  const query = canonicalQuery(merged);
  return query ? `${searchPath(basePath)}?${query}` : basePath;
}

/** The fields as a query in their canonical order, without the values left out (the first page, the default sort). */
function canonicalQuery(params: CatalogParams): string {
  const search = new URLSearchParams();
  for (const name of CATALOG_PARAMS) {
    const value = params[name];
    if (value === undefined || value === '' || value === CATALOG_URL_FIELDS[name]) continue;
    search.set(name, value);
  }
  return search.toString();
}

/** The URL fields that narrow the catalog to a vehicle (none for no vehicle). */
export function vehicleParams(vehicle: VehicleChoice | null): Pick<CatalogParams, 'year' | 'make' | 'model' | 'engine'> {
  return {
    year: vehicle ? String(vehicle.year) : undefined,
    make: vehicle?.make,
    model: vehicle?.model,
    engine: vehicle?.engine ?? undefined,
  };
}

/** The list a path belongs to, plain or narrowed (`/parts/search` → `/parts`), or null for any other page. */
export function catalogBasePath(pathname: string): string | null {
  return /^(\/parts|\/categories\/[^/]+)(?:\/search)?$/.exec(pathname)?.[1] ?? null;
}

/** A list narrowed to a vehicle (the plain list for none). */
export function vehicleListHref(basePath: string, vehicle: VehicleChoice | null): string {
  return catalogHref(basePath, vehicleParams(vehicle));
}

/** "Show all parts" despite a chosen vehicle; not a catalog field, so the plain page stays one static page. */
const ALL_PARTS_FLAG = 'all';

/** A link that drops the vehicle from a list: to a plain page, it carries ALL_PARTS_FLAG so that the page stays unfiltered. */
export function withoutVehicleHref(basePath: string, params: CatalogParams): string {
  const href = catalogHref(basePath, params, vehicleParams(null));
  return href === basePath ? `${basePath}?${ALL_PARTS_FLAG}=1` : href;
}

/** Where a plain list sends a browser with a chosen vehicle (null: stays); decided client-side so the page is the same for everyone. */
export function vehicleRedirect(pathname: string, search: URLSearchParams, vehicle: VehicleChoice | null): string | null {
  if (!vehicle || !isPlainCatalogPath(pathname) || search.has(ALL_PARTS_FLAG)) return null;
  return vehicleListHref(pathname, vehicle);
}

/** The vehicle a catalog URL is narrowed to, if it names one. */
export function vehicleOf(params: CatalogParams): VehicleChoice | null {
  const year = Number(params.year);
  if (!params.make || !params.model || !Number.isInteger(year)) return null;
  return { year, make: params.make, model: params.model, engine: params.engine ?? null };
}

/** Where a search-box suggestion leads: a part's page, a search, a category page or a brand filter, narrowed to the chosen vehicle. */
export function suggestionHref(suggestion: Suggestion, vehicle: VehicleChoice | null = null): string {
  const fit = vehicleParams(vehicle);
  switch (suggestion.kind) {
    case 'part':
      return `/parts/${encodeURIComponent(suggestion.id)}`;
    case 'category':
      return catalogHref(categoryPath(suggestion.value), fit);
    case 'brand':
      return catalogHref(CATALOG_PATH, { brand: suggestion.value, ...fit });
    default:
      return catalogHref(CATALOG_PATH, { q: suggestion.value, ...fit });
  }
}
