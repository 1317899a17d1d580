import { unstable_cache } from 'next/cache';
import { HOME_PART_COUNT, HOME_REVIEW_COUNT, TAGS } from '@/lib/constants';
import { getPart, listPartIds, listParts } from '@/lib/parts';
import { listReviews } from '@/lib/reviews';

/**
 * Cached catalog reads for the server-rendered pages. Each is tagged; the mutations that change
 * the data expire exactly those tags (lib/cache.ts), so the next request renders fresh data.
 * The time-based revalidate is only a safety net for changes made outside the app (npm run seed).
 */
const SAFETY_NET_SECONDS = 300;

export const getHomeParts = unstable_cache(async () => (await listParts({ limit: HOME_PART_COUNT })).items, ['home-parts'], {
  tags: [TAGS.parts],
  revalidate: SAFETY_NET_SECONDS,
});

export const getHomeReviews = unstable_cache(async () => (await listReviews({ limit: HOME_REVIEW_COUNT })).items, ['home-reviews'], {
  tags: [TAGS.reviews],
  revalidate: SAFETY_NET_SECONDS,
});

export function getCachedPart(id: string) {
  return unstable_cache(() => getPart(id), ['part', id], {
    tags: [TAGS.parts, TAGS.part(id)],
    revalidate: SAFETY_NET_SECONDS,
  })();
}

export const getSitemapParts = unstable_cache(() => listPartIds(), ['sitemap-parts'], {
  tags: [TAGS.parts],
  revalidate: SAFETY_NET_SECONDS,
});
