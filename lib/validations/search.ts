import { z } from 'zod';
import { CATEGORY_SLUGS } from '@/content/categories';
import { MAX_QUERY_LENGTH } from '@/lib/core/site';
import type { VehicleChoice } from '@/lib/validations/vehicles';
import { yearSchema } from './parts';

/** The catalog's sort orders; `relevance` lists the newest first when there is no search text. */
export const SORTS = ['relevance', 'price-asc', 'price-desc', 'newest'] as const;
export type SortOrder = (typeof SORTS)[number];

const text = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} is too long`)
    .optional()
    .transform((value) => value || undefined);

const money = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined;
      const amount = Number(value);
      if (!Number.isFinite(amount) || amount < 0 || amount > 1_000_000) {
        ctx.addIssue({ code: 'custom', message: `${label} must be an amount in dollars` });
        return z.NEVER;
      }
      return amount;
    });

/** GET /api/search/suggest?q=: what the search box offers while typing. */
export const suggestQuerySchema = z.object({
  q: z.string().max(MAX_QUERY_LENGTH, `Search for at most ${MAX_QUERY_LENGTH} characters`).default(''),
});

/** The page position in a result list: an opaque token the API hands out as `nextCursor`. */
export function encodeCursor(offset: number): string {
  return `c${offset.toString(36)}`;
}

/** The furthest position a cursor can point at: a list is paged no deeper than this. */
export const MAX_OFFSET = 1_000_000;
export const PAGE_DOES_NOT_EXIST = 'That page number does not exist';

function decodeCursor(cursor: string): number | null {
  if (!/^c[0-9a-z]{1,6}$/.test(cursor)) return null;
  const offset = parseInt(cursor.slice(1), 36);
  return offset <= MAX_OFFSET ? offset : null;
}

/** GET /api/search and the catalog URL; every bad value is a 400 with a message (DESIGN.md section 7). */
export const searchQuerySchema = z
  .object({
    q: z
      .string()
      .max(MAX_QUERY_LENGTH, `Search for at most ${MAX_QUERY_LENGTH} characters`)
      .optional()
      .transform((value) => value?.trim() || undefined),
    category: z.enum(CATEGORY_SLUGS, { error: 'Unknown category' }).optional(),
    brand: text('Brand', 60),
    make: text('Make', 40),
    model: text('Model', 40),
    year: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (!value) return undefined;
        const parsed = yearSchema('Year').safeParse(/^\d+$/.test(value) ? Number(value) : 0.5);
        if (!parsed.success) {
          ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'Invalid year' });
          return z.NEVER;
        }
        return parsed.data;
      }),
    engine: text('Engine', 40),
    inStock: z
      .enum(['true', 'false', '1', '0'], { error: 'inStock must be true or false' })
      .optional()
      .transform((value) => value === 'true' || value === '1'),
    // Manage Products' "Out of stock" filter.
    outOfStock: z
      .enum(['true', 'false', '1', '0'], { error: 'outOfStock must be true or false' })
      .optional()
      .transform((value) => value === 'true' || value === '1'),
    minPrice: money('minPrice'),
    maxPrice: money('maxPrice'),
    sort: z.enum(SORTS, { error: `sort must be one of ${SORTS.join(', ')}` }).default('relevance'),
    cursor: z
      .string()
      .max(200, 'Invalid cursor')
      .optional()
      .transform((value, ctx) => {
        if (value === undefined) return 0;
        const offset = decodeCursor(value);
        if (offset === null) {
          ctx.addIssue({ code: 'custom', message: 'Invalid cursor' });
          return z.NEVER;
        }
        return offset;
      }),
    limit: z.coerce
      .number({ error: 'limit must be a whole number from 1 to 100' })
      .int('limit must be a whole number from 1 to 100')
      .min(1, 'limit must be a whole number from 1 to 100')
      .max(100, 'limit must be a whole number from 1 to 100')
      .default(24),
  })
  .superRefine((query, ctx) => {
    const vehicleParts = [query.make, query.model, query.year].filter((value) => value !== undefined).length;
    if (vehicleParts > 0 && vehicleParts < 3)
      ctx.addIssue({ code: 'custom', path: ['year'], message: 'Give the year, make and model of the vehicle' });
    if (query.engine && vehicleParts < 3)
      ctx.addIssue({ code: 'custom', path: ['engine'], message: 'Give the year, make and model of the vehicle' });
    if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice)
      ctx.addIssue({ code: 'custom', path: ['maxPrice'], message: 'maxPrice cannot be below minPrice' });
  });

export type SearchQuery = z.output<typeof searchQuerySchema>;

/** The vehicle a search is narrowed to: a year, make and model (and maybe an engine), else none. */
export function queryVehicle(query: Pick<SearchQuery, 'year' | 'make' | 'model' | 'engine'>): VehicleChoice | null {
  return query.make && query.model && query.year ? { year: query.year, make: query.make, model: query.model, engine: query.engine } : null;
}

/** Parts on a page of the catalog (`/parts`, the category pages). */
export const CATALOG_PAGE_SIZE = 24;

export type CatalogPageQuery = { ok: true; query: SearchQuery; page: number } | { ok: false; message: string };

/** The catalog URL as a search query (`page` becomes the cursor); bad values give a message to show, never an error page. */
export function catalogPageQuery(params: Partial<Record<string, string>>): CatalogPageQuery {
  const { page: rawPage, ...fields } = params;
  const page = rawPage === undefined ? 1 : Number(rawPage);
  if (!Number.isInteger(page) || page < 1 || (page - 1) * CATALOG_PAGE_SIZE > MAX_OFFSET)
    return { ok: false, message: PAGE_DOES_NOT_EXIST };
  const parsed = searchQuerySchema.safeParse({
    ...fields,
    cursor: page > 1 ? encodeCursor((page - 1) * CATALOG_PAGE_SIZE) : undefined,
    limit: String(CATALOG_PAGE_SIZE),
  });
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'These filters are not valid' };
  return { ok: true, query: parsed.data, page };
}
