import 'server-only';
import { cacheLife, cacheTag, revalidateTag } from 'next/cache';
import { onVercel } from '@/lib/platform/env';

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
 * On Vercel, pages are in Vercel's cache (next.config.mjs): Next's revalidateTag expires them there too.
 */
export async function expireCacheTags(tags: readonly string[]): Promise<void> {
  if (!tags.length) return;
  const unique = [...new Set(tags)];
  if (onVercel()) expireVercelPages(unique);
  await globalForCache.__shopExpireTags?.(unique);
}

/**
 * Next's revalidateTag, which purges Vercel's cache of the pages carrying these tags, at once. It
 * works in a route handler or a server action and throws elsewhere (inside a cached read, during a
 * render, outside a request): there only the shop's store expires (docs/operations.md, Vercel).
 */
function expireVercelPages(tags: string[]): void {
  try {
    for (const tag of tags) revalidateTag(tag, { expire: 0 });
  } catch {
    // Not a request that may expire pages: the store's expiry below still holds for the data.
  }
}
