// The shop's handler for 'use cache' entries (next.config.mjs `cacheHandlers.default`), implementing
// Next's documented CacheHandler interface on the store shared with the page handler (lib/platform/cache-store.mjs):
// with REDIS_URL every instance reads the same entries and the same tag times.

import { cacheStore, expireTags, isBuild, tagState } from './cache-store.mjs';

const KEY_PREFIX = 'use-cache:';

/** A new stream over stored bytes: a handler must never hand out the stream it was given. */
const streamOf = (bytes) =>
  new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });

const useCacheHandler = {
  async get(cacheKey, softTags) {
    const store = cacheStore();
    const key = KEY_PREFIX + cacheKey;
    const entry = await store.readEntry(key);
    if (!entry) return undefined;
    const state = tagState(await store.readTagTimes([...entry.tags, ...softTags]), entry.storeTimestamp, store.now());
    if (state === 'expired') {
      store.evict(key);
      return undefined;
    }
    // A stale tag: served once more while Next makes the entry again (a negative revalidate lies in the past).
    return {
      value: streamOf(new Uint8Array(entry.value)),
      tags: entry.tags,
      stale: entry.stale,
      timestamp: entry.timestamp,
      expire: entry.expire,
      revalidate: state === 'stale' ? -1 : entry.revalidate,
    };
  },

  async set(cacheKey, pendingEntry) {
    const entry = await pendingEntry;
    let value;
    try {
      value = new Uint8Array(await new Response(entry.value).arrayBuffer());
    } catch {
      return; // An entry whose render failed part way is not kept.
    }
    // The build renders without a database: what it made is never served.
    if (isBuild()) return;
    const store = cacheStore();
    // The store compares tag times on its own clock (Redis's with REDIS_URL): the entry's start, on that clock.
    const storeTimestamp = entry.timestamp + (store.now() - Date.now());
    await store.writeEntry(KEY_PREFIX + cacheKey, {
      value,
      tags: entry.tags,
      stale: entry.stale,
      timestamp: entry.timestamp,
      expire: entry.expire,
      revalidate: entry.revalidate,
      storeTimestamp,
    });
  },

  async refreshTags() {
    // Tag times are read from the store with each entry: nothing is kept locally to refresh.
  },

  async getExpiration() {
    // Soft tags are checked in get(), against the store's times.
    return Infinity;
  },

  async updateTags(tags, durations) {
    await expireTags(tags, durations);
  },
};

export default useCacheHandler;
