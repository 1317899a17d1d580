// The catalog URL's fields. Plain JavaScript: next.config.mjs (loaded by Next.js itself) reads it too.

/** The search schema's fields plus `page`, in canonical order, each with the default a canonical URL leaves out (null: none). */
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
