import { revalidateTag } from 'next/cache';

/** Expires catalog cache tags at once (the next request is a cache miss, not stale-while-revalidate). */
export function revalidateCatalog(...tags: string[]): void {
  for (const tag of tags) {
    try {
      revalidateTag(tag, { expire: 0 });
    } catch (error) {
      // Outside a Next.js request (jest, the seed script) there is no cache to expire.
      if (!(error instanceof Error && error.message.startsWith('Invariant: static generation store missing'))) throw error;
    }
  }
}
