import 'server-only';
import { expireCacheTags } from '@/lib/platform/cache';
import { publishCatalogChange } from '@/lib/catalog/change-log';
import { TAGS } from '@/lib/catalog/tags';
import type { FitmentRowLike } from '@/lib/catalog/fitment';

export type CatalogChange = {
  /** Which parts a list holds (or their order) may have changed: every list expires too. */
  lists?: boolean;
  /** What search finds may have changed: every instance's index reads the parts again (default: `lists`). */
  search?: boolean;
  /** What the change knows of parts' new state: this process's index takes it rather than reading them again. */
  known?: ReadonlyMap<string, KnownState>;
};

/**
 * A part's state as just written: the whole stored part when it was just added (with its rows, none if not given),
 * or its rows alone when nothing else changed.
 */
export type KnownState = { part?: Record<string, unknown>; fitment?: readonly FitmentRowLike[] };

type PartListener = (partId: string, known?: KnownState) => Promise<void>;
// On globalThis: each server bundle has its own copy of this module, and the process one search index.
const globalForChanges = globalThis as typeof globalThis & { __catalogPartListener?: PartListener };

/** This process's index hears of local changes at once (others read the change log); it registers itself to avoid an import cycle. */
export function onPartChanged(listener: PartListener): void {
  globalForChanges.__catalogPartListener = listener;
}

/** The one owner of catalog changes: expires exactly the changed parts' tags (lists' too with `lists`) and tells every index. */
export async function catalogChanged(
  partIds: readonly string[],
  { lists = false, search = lists, known }: CatalogChange = {},
): Promise<void> {
  await expireCacheTags([...partIds.map(TAGS.part), ...(lists ? [TAGS.catalog] : [])]);
  if (!search || !partIds.length) return;
  const tellIndex = globalForChanges.__catalogPartListener;
  await Promise.all([publishCatalogChange(...partIds), ...(tellIndex ? partIds.map((id) => tellIndex(id, known?.get(id))) : [])]);
}
