import 'server-only';
import { expireCacheTags } from '@/lib/platform/cache';
import { publishCatalogChange } from '@/lib/catalog/change-log';
import { TAGS } from '@/lib/catalog/tags';
import { catalogSearch } from '@/lib/catalog/search';

export type CatalogChange = {
  /** Which parts a list holds (or their order) may have changed: every list expires too. */
  lists?: boolean;
  /** What search finds may have changed: every instance's index reads the parts again (default: `lists`). */
  search?: boolean;
};

/**
 * The one owner of catalog changes: whatever changed parts (an edit, an order's stock, a restock, a
 * part running out) says so here, and this expires exactly the cache tags of what changed and tells
 * the search index of every instance. A change only the parts' own pages and the lists showing them
 * display (an order's stock) expires the parts' tags alone.
 */
export async function catalogChanged(partIds: readonly string[], { lists = false, search = lists }: CatalogChange = {}): Promise<void> {
  await expireCacheTags([...partIds.map(TAGS.part), ...(lists ? [TAGS.catalog] : [])]);
  if (!search || !partIds.length) return;
  await Promise.all([publishCatalogChange(...partIds), ...partIds.map((id) => catalogSearch().partChanged(id))]);
}
