// The catalog's URL fields (plain JavaScript: next.config.mjs reads them for its rewrites too). A
// catalog URL with one of them in its query is rendered per request (`/parts/filtered`,
// `/categories/{slug}/filtered`); without any, it is the same page for everyone, cached whole.
export const CATALOG_PARAMS = /** @type {const} */ ([
  'q',
  'category',
  'brand',
  'minPrice',
  'maxPrice',
  'inStock',
  'year',
  'make',
  'model',
  'engine',
  'sort',
  'page',
]);

/**
 * next.config.mjs rewrites (before the file system): a catalog page asked with any of its fields goes
 * to its filtered twin, with the query as it came; unknown fields alone (a campaign's utm_source) keep
 * the cached page.
 */
export function catalogRewrites() {
  const filtered = (source, destination) => CATALOG_PARAMS.map((key) => ({ source, has: [{ type: 'query', key }], destination }));
  return [...filtered('/parts', '/parts/filtered'), ...filtered('/categories/:slug', '/categories/:slug/filtered')];
}
