/**
 * Cache tags of the catalog reads; the mutations that change the data revalidate exactly these.
 * A page or list carries the tag of every part it shows; `catalog` marks every list, expired only
 * when which parts a list holds may change (a part added, archived or deleted).
 */
export const TAGS = {
  part: (id: string) => `part:${id}`,
  catalog: 'catalog',
  reviews: 'reviews',
  vehicles: 'vehicles',
} as const;
