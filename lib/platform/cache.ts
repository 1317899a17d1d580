import 'server-only';
import { cacheLife, cacheTag, revalidateTag } from 'next/cache';
import { onVercel } from '@/lib/platform/env';

/** The catalog's cache scope and expiry (DESIGN.md section 8) for its `'use cache'` reads; where entries live is the handlers' business. */

/** A safety net only, for writes made outside the app: every change expires its tags at once. */
const CATALOG_LIFE = { stale: 60, revalidate: 3600, expire: 86400 };

/** Inside a `'use cache'` function: the entry's tags and the catalog's lifetime. */
export function tagCatalogRead(...tags: string[]): void {
  cacheTag(...tags);
  cacheLife(CATALOG_LIFE);
}

/** Inside a `'use cache'` function: a figure that may lag by ten minutes (no change expires it), such as a tally of sales. */
export function cacheForMinutes(): void {
  cacheLife({ stale: 60, revalidate: 600, expire: 3600 });
}

type ExpireHook = (tags: string[]) => Promise<void>;
const globalForCache = globalThis as typeof globalThis & { __shopExpireTags?: ExpireHook };

/** Expires tags of pages and `'use cache'` entries in the shop's store on every instance, in requests and jobs alike
 * (Next's revalidateTag works only in requests); on Vercel it also purges Vercel's page cache. */
export async function expireCacheTags(tags: readonly string[]): Promise<void> {
  if (!tags.length) return;
  const unique = [...new Set(tags)];
  if (onVercel()) expireVercelPages(unique);
  await globalForCache.__shopExpireTags?.(unique);
}

/** Purges Vercel's page cache via revalidateTag, which throws outside route handlers and actions: there only the store expires. */
function expireVercelPages(tags: string[]): void {
  try {
    for (const tag of tags) revalidateTag(tag, { expire: 0 });
  } catch {
    // Not a request that may expire pages: the store's expiry below still holds for the data.
  }
}
