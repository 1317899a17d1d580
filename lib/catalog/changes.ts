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

/** The one owner of catalog changes: expires exactly the changed cache tags and tells every instance's search index. */
export async function catalogChanged(partIds: readonly string[], { lists = false, search = lists }: CatalogChange = {}): Promise<void> {
  await expireCacheTags([...partIds.map(TAGS.part), ...(lists ? [TAGS.catalog] : [])]);
  if (!search || !partIds.length) return;
  await Promise.all([publishCatalogChange(...partIds), ...partIds.map((id) => catalogSearch().partChanged(id))]);
}
