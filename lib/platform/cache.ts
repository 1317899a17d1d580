import 'server-only';
import { cacheLife, cacheTag } from 'next/cache';

/**
 * The catalog's cache scope and its expiry (DESIGN.md section 8). Reads are `'use cache'` functions in
 * lib/catalog/index.ts that call `tagCatalogRead`; every change goes through lib/catalog/changes.ts, which
 * expires the tags here. Where entries live (this process, or Redis for every instance) is the cache
 * handlers' business (lib/platform/cache-handler.mjs and lib/platform/use-cache-handler.mjs, one store between them).
 */

/**
 * How long a catalog entry may be served: every change expires its tags at once anyway, so the time
 * is only a safety net for writes made outside the app (a seed script, a data import).
 */
const CATALOG_LIFE = { stale: 60, revalidate: 3600, expire: 86400 };

/** Inside a `'use cache'` function: the entry's tags and the catalog's lifetime. */
export function tagCatalogRead(...tags: string[]): void {
  cacheTag(...tags);
  cacheLife(CATALOG_LIFE);
}

type ExpireHook = (tags: string[]) => Promise<void>;
const globalForCache = globalThis as typeof globalThis & { __shopExpireTags?: ExpireHook };

/**
 * Expires tags at once in the shop's cache store, for pages and `'use cache'` entries alike, on every
 * instance (with REDIS_URL). It works the same in a request and in a timer's job, which Next's
 * revalidateTag does not. The store's hook is installed by the cache handlers when Next.js loads them;
 * where none is loaded (jest, scripts) nothing was cached and there is nothing to expire.
 */
export async function expireCacheTags(tags: readonly string[]): Promise<void> {
  if (!tags.length) return;
  await globalForCache.__shopExpireTags?.([...new Set(tags)]);
}
