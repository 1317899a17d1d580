/** Types of lib/catalog-params.mjs (plain JavaScript that next.config.mjs loads too). */
export const CATALOG_PARAMS: readonly [
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
];
export function catalogRewrites(): Array<{ source: string; has: Array<{ type: 'query'; key: string }>; destination: string }>;
