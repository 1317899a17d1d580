// The catalog URL's fields. Plain JavaScript: next.config.mjs (loaded by Next.js itself) reads it too.

/**
 * Every field of a catalog URL in its canonical order, with the value a canonical URL leaves out (null:
 * none): the search schema's fields (lib/validations/search.ts, which url.test.ts holds it to), with
 * `page` for the page number. next.config.mjs sends the old form of a narrowed URL on for each.
 */
export const CATALOG_URL_FIELDS = {
  q: null,
  category: null,
  brand: null,
  minPrice: null,
  maxPrice: null,
  inStock: null,
  year: null,
  make: null,
  model: null,
  engine: null,
  sort: 'relevance',
  page: '1',
};
