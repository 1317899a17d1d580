import 'server-only';
import { expireCacheTags } from '@/lib/platform/cache';
import { publishCatalogChange } from '@/lib/catalog/change-log';
import { TAGS } from '@/lib/catalog/tags';

export type CatalogChange = {
  /** Which parts a list holds (or their order) may have changed: every list expires too. */
  lists?: boolean;
  /** What search finds may have changed: every instance's index reads the parts again (default: `lists`). */
  search?: boolean;
};

type PartListener = (partId: string) => Promise<void>;
// On globalThis: each server bundle has its own copy of this module, and the process one search index.
const globalForChanges = globalThis as typeof globalThis & { __catalogPartListener?: PartListener };

/**
 * How this process's search index hears of a change made here, at once (other instances read the
 * change log). The index registers itself: it expires tags through this module, which so cannot import it.
 */
export function onPartChanged(listener: PartListener): void {
  globalForChanges.__catalogPartListener = listener;
}

/**
 * The one owner of catalog changes: whatever changed parts (an edit, an order's stock, a restock, a
 * part running out) says so here, and this expires exactly the cache tags of what changed and tells
 * the search index of every instance. A change only the parts' own pages and the lists showing them
 * display (an order's stock) expires the parts' tags alone; with no part and `lists`, only the lists
 * expire (the search index, once loaded, for the lists it answered "loading").
 */
export async function catalogChanged(partIds: readonly string[], { lists = false, search = lists }: CatalogChange = {}): Promise<void> {
  await expireCacheTags([...partIds.map(TAGS.part), ...(lists ? [TAGS.catalog] : [])]);
  if (!search || !partIds.length) return;
  const tellIndex = globalForChanges.__catalogPartListener;
  await Promise.all([publishCatalogChange(...partIds), ...(tellIndex ? partIds.map(tellIndex) : [])]);
}
