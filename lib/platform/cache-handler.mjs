// The shop's Next.js cache handler for pages and route responses (next.config.mjs `cacheHandler`),
// on the store it shares with the 'use cache' handler (lib/platform/cache-store.mjs). It reads only the
// documented fields of an entry (its kind, its `x-next-cache-tags` header, fetch entries' ctx.tags)
// and stores the entry as Next gives it.
//
// - A page's or route's tags: Next documents them in the entry's `x-next-cache-tags` header alone (its
//   self-hosting guide, "Configuring Caching"; ctx.tags is for fetch entries). e2e/page-cache.spec.ts
//   fails if a release stops sending them there.
// - It never serves the build's output: the database is not reachable during `next build`, so writes
//   made then are dropped and the first request after a start renders real data.
// - It checks tag expiry itself (lib/platform/cache-store.mjs), stamping each entry with the time its render started.

import { cacheStore, expireTags, isBuild, tagState } from './cache-store.mjs';

const MAX_RENDER_MS = 60_000;

/** The tags an entry answers to: a fetch entry's own, or a page's or route's from its x-next-cache-tags header. */
function tagsOf(entry, ctx) {
  const value = entry.value;
  const tags =
    value?.kind === 'FETCH'
      ? [...entry.tags, ...(value.tags ?? []), ...(ctx?.tags ?? []), ...(ctx?.softTags ?? [])]
      : typeof value?.headers?.['x-next-cache-tags'] === 'string'
        ? [...entry.tags, ...value.headers['x-next-cache-tags'].split(',')]
        : entry.tags;
  return [...new Set(tags)];
}

function staleLastModified(entry, now) {
  const seconds = entry.value?.kind === 'FETCH' ? entry.value.revalidate : entry.cacheControl?.revalidate;
  return typeof seconds === 'number' ? now - (seconds + 1) * 1000 : -1;
}

export default class ShopCacheHandler {
  constructor() {
    // Next makes one handler per request: this is when the request, and its render, started.
    this.startedAt = cacheStore().now();
  }

  async get(key, ctx) {
    const store = cacheStore();
    const entry = await store.readEntry(key);
    if (!entry) return null;
    const now = store.now();
    const state = tagState(await store.readTagTimes(tagsOf(entry, ctx)), entry.lastModified, now);
    if (state === 'expired') {
      store.evict(key);
      return null;
    }
    return {
      value: entry.value,
      lastModified: state === 'stale' ? staleLastModified(entry, now) : entry.lastModified,
      cacheControl: entry.cacheControl,
    };
  }

  async set(key, data, ctx) {
    if (isBuild()) return;
    const store = cacheStore();
    if (!data) return store.removeEntry(key);
    const now = store.now();
    const entry = {
      value: data,
      lastModified: now - this.startedAt < MAX_RENDER_MS ? this.startedAt : now,
      tags: ctx?.fetchCache ? (ctx.tags ?? []) : [],
      cacheControl: ctx?.fetchCache ? undefined : ctx?.cacheControl,
    };
    await store.writeEntry(key, entry);
  }

  async revalidateTag(tags, durations) {
    await expireTags(tags, durations);
  }

  resetRequestCache() {}
}
