import 'server-only';
import { revalidateTag, unstable_cache } from 'next/cache';

/**
 * Next's data cache, for the catalog's reads and the mutations that expire them. Outside a Next.js
 * server (jest calling route handlers, the seed script) there is no cache: reads run directly and
 * expiring a tag does nothing.
 */
const outsideNext = (error: unknown) =>
  error instanceof Error &&
  (error.message.startsWith('Invariant: incrementalCache missing') ||
    error.message.startsWith('Invariant: static generation store missing'));

/** Expires catalog cache tags at once (the next request is a cache miss, not stale-while-revalidate). */
export function revalidateCatalog(...tags: string[]): void {
  for (const tag of tags) {
    try {
      revalidateTag(tag, { expire: 0 });
    } catch (error) {
      if (!outsideNext(error)) throw error;
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
