import type { Metadata } from 'next';
import { CATALOG_PATH, categoryPath, searchPath, type CatalogParams } from '@/lib/catalog/url';

export const CATALOG_DESCRIPTION = 'Every part in the shop: filter by category, brand, price, stock and the vehicle it fits.';

/** Only the whole list and categories are indexable; any other filter combination duplicates them, so it is `noindex` with a canonical. */
export function catalogMetadata(params: CatalogParams, { title, description }: { title: string; description: string }): Metadata {
  const { category, page, ...filters } = params;
  const base = category ? categoryPath(category) : CATALOG_PATH;
  const indexable = Object.keys(filters).length === 0;
  const canonical = indexable && page && page !== '1' ? `${searchPath(base)}?page=${encodeURIComponent(page)}` : base;
  return {
    title,
    description,
    alternates: { canonical },
    ...(indexable ? {} : { robots: { index: false, follow: true } }),
  };
}
