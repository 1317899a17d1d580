/** Catalog cache tags: a page carries each shown part's tag; `catalog` marks every list, expired when membership may change. */
export const TAGS = {
  part: (id: string) => `part:${id}`,
  catalog: 'catalog',
  reviews: 'reviews',
  vehicles: 'vehicles',
} as const;
