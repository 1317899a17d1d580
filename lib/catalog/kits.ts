import 'server-only';
import { tagCatalogRead } from '@/lib/platform/cache';
import { isBuildWithoutDatabase } from '@/lib/platform/env';
import { normalizePartNumber } from '@/lib/catalog/part-numbers';
import { TAGS } from '@/lib/catalog/tags';
import type { KitComponentDTO } from '@/lib/catalog/types';
import { catalogSearch } from '@/lib/catalog/search';

/**
 * The shop's part for each kit component (its id, or null when the shop sells none): the same normalised number,
 * and the same brand when both name one. Cached under the catalog's tag, which a part added or removed expires.
 */
export async function kitComponentPartIds(components: KitComponentDTO[]): Promise<Array<string | null>> {
  'use cache';
  tagCatalogRead(TAGS.catalog);
  if (!components.length || isBuildWithoutDatabase()) return components.map(() => null);
  // From the search index (shown parts only): FerretDB v1 would scan every part for a query on their numbers.
  const search = catalogSearch();
  const sameBrand = (a?: string | null, b?: string | null) => !a || !b || a.toLowerCase() === b.toLowerCase();
  return Promise.all(
    components.map(async (component) => {
      const parts = await search.partsNumbered(normalizePartNumber(component.partNumber));
      return parts.find((part) => sameBrand(part.brand, component.brand))?.id ?? null;
    }),
  );
}
