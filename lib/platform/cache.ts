import 'server-only';
import { revalidateTag, unstable_cache } from 'next/cache';

/**
 * Next's data cache, for the catalog's reads and the mutations that expire them. Outside a Next.js
 * server (jest calling route handlers, the seed script) there is no cache: reads run directly and
 * expiring a tag does nothing. Where the cache lives (this process, or Redis for every instance) is
 * the cache handler's business (lib/platform/cache-handler.mjs).
 */
const outsideNext = (error: unknown) =>
  error instanceof Error &&
  (error.message.startsWith('Invariant: incrementalCache missing') ||
    error.message.startsWith('Invariant: static generation store missing'));

const globalForCache = globalThis as typeof globalThis & { __shopExpireTags?: (tags: string[]) => Promise<void> };

/**
 * Expires tags from work outside a request (a timer), where Next's revalidateTag cannot run: straight
 * through the shop's cache handler (lib/platform/cache-handler.mjs), so with REDIS_URL on every instance.
 * Nothing to do where the handler is not loaded (jest, scripts): nothing was cached there.
 */
export async function expireTagsNow(...tags: string[]): Promise<void> {
  await globalForCache.__shopExpireTags?.(tags);
}

/**
 * Expires catalog cache tags at once (the next request is a cache miss, not stale-while-revalidate).
 * Outside a request (a background job's stock return) they expire through the cache handler directly.
 */
export function revalidateCatalog(...tags: string[]): void {
  for (const tag of tags) {
    try {
      revalidateTag(tag, { expire: 0 });
    } catch (error) {
      if (!outsideNext(error)) throw error;
      expireTagsNow(tag).catch((failure: unknown) => console.error(`[cache] could not expire ${tag}:`, failure));
    }
  }
}

/** A read cached under its key and tags (unstable_cache), or run directly outside a Next.js server. */
export async function cachedRead<T>(read: () => Promise<T>, key: string[], options: { tags: string[]; revalidate: number }): Promise<T> {
  try {
    return await unstable_cache(read, key, options)();
  } catch (error) {
    if (outsideNext(error)) return read();
    throw error;
  }
}
