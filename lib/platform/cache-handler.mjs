// Pages' and routes' cache handler; a page's tags come from `x-next-cache-tags`, as Next's self-hosting guide documents.
// Writes during `next build` are dropped: the build has no database, so the first request after a start renders real data.

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
