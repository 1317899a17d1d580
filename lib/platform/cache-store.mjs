// The one store behind the pages' and 'use cache' handlers, in Redis or process memory (SHOP_CACHE_MB, LRU). It keeps tag times itself,
// so a change expires every instance's entries and a render started before a change never counts as newer.

import { createRedisStore } from './cache-store-redis.mjs';

export const isBuild = () => process.env.NEXT_PHASE === 'phase-production-build';
const MAX_BYTES = Number(process.env.SHOP_CACHE_MB || 128) * 1024 * 1024;

/** @typedef {{ stale?: number; expired?: number }} TagTimes */

/** A rough size of a stored value: its bytes, or the documented byte fields of a page or route entry. */
function sizeOf(value) {
  if (!value) return 64;
  if (value instanceof Uint8Array) return 256 + value.byteLength;
  let bytes = 256;
  if (typeof value.html === 'string') bytes += value.html.length;
  if (value.rscData?.length) bytes += value.rscData.length;
  if (value.segmentData instanceof Map) for (const segment of value.segmentData.values()) bytes += segment?.length ?? 0;
  if (value.body?.length) bytes += value.body.length;
  return bytes;
}

/**
 * The most tag times the memory store keeps (about 150 bytes each): an import that changes 200,000 parts raises as many
 * tags, which would stay in memory until a restart. Past it the longest-unraised tags fold into one floor that every entry
 * answers to: an entry older than the latest forgotten time counts as expired (or stale), whatever its tags. An entry
 * that never had those tags may be made again once; none is served past a change.
 */
export const MAX_TAG_TIMES = 10_000;
/** The floor's key among the tag times readTagTimes answers; no tag of the app's is empty. */
const FLOOR = '';

/** Times only move forward, as in the Redis store. */
const later = (a, b) => (a === undefined ? b : b === undefined ? a : Math.max(a, b));
/** @param {TagTimes} a @param {TagTimes} b @returns {TagTimes} */
const laterTimes = (a, b) => ({ stale: later(a.stale, b.stale), expired: later(a.expired, b.expired) });

/** One process's store: entries in an LRU map, tag times beside them (at most MAX_TAG_TIMES, then a floor). */
function createMemoryStore() {
  const entries = new Map();
  /** @type {Map<string, TagTimes>} in the order they were last raised */
  const tags = new Map();
  /** @type {TagTimes | null} */
  let floor = null;
  let bytes = 0;
  const remove = (key) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };
  return {
    name: 'memory',
    now: () => Date.now(),
    async readEntry(key) {
      const entry = entries.get(key);
      if (!entry) return null;
      // Least recently used goes first: a read moves the entry to the end.
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },
    async writeEntry(key, entry) {
      remove(key);
      const stored = { ...entry, bytes: sizeOf(entry.value) };
      entries.set(key, stored);
      bytes += stored.bytes;
      for (const [oldest] of entries) {
        if (bytes <= MAX_BYTES) break;
        remove(oldest);
      }
    },
    async removeEntry(key) {
      remove(key);
    },
    evict: remove,
    async readTagTimes(wanted) {
      const times = new Map(wanted.filter((tag) => tags.has(tag)).map((tag) => [tag, tags.get(tag)]));
      if (floor) times.set(FLOOR, floor);
      return times;
    },
    /** @param {Array<[string, TagTimes]>} updates */
    async raiseTagTimes(updates) {
      for (const [tag, times] of updates) {
        const current = tags.get(tag);
        tags.delete(tag);
        tags.set(tag, current ? laterTimes(current, times) : times);
      }
      const now = Date.now();
      for (const [tag, times] of tags) {
        if (tags.size <= MAX_TAG_TIMES) break;
        // A tag expiring later (a duration) stays: folded, its time would hold back the floor's for every entry.
        if (times.expired !== undefined && times.expired > now) continue;
        floor = floor ? laterTimes(floor, times) : times;
        tags.delete(tag);
      }
    },
  };
}

const globalForCache = /** @type {any} */ (globalThis);

/** The process's store, made on first use and shared by both handlers (never Redis during `next build`, whose writes are dropped). */
export function cacheStore() {
  const url = process.env.REDIS_URL?.trim();
  return (globalForCache.__shopCacheStore ??= url && !isBuild() ? createRedisStore(url) : createMemoryStore());
}

/** 'expired', 'stale' (served once while remade) or 'fresh'; unreadable tag times count as expired rather than risk an old page. */
export function tagState(times, lastModified, now) {
  if (!times) return 'expired';
  let state = 'fresh';
  for (const { stale, expired } of times.values()) {
    if (expired !== undefined && expired <= now && expired >= lastModified) return 'expired';
    if (stale !== undefined && stale >= lastModified) state = 'stale';
  }
  return state;
}

/** Expires tags now: at once without durations; stale now and expired after `durations.expire` seconds with them. */
export function expireTags(tags, durations) {
  const store = cacheStore();
  const now = store.now();
  const times = durations
    ? { stale: now, expired: durations.expire === undefined ? undefined : now + durations.expire * 1000 }
    : { expired: now };
  return store.raiseTagTimes((typeof tags === 'string' ? [tags] : tags).map((tag) => [tag, times]));
}

// The app expires tags through this hook (lib/platform/cache.ts expireCacheTags): in a request or in a timer's
// job alike, where Next's revalidateTag needs a request.
globalForCache.__shopExpireTags = (tags) => expireTags(tags);
