// The shop's Next.js cache handler (next.config.mjs `cacheHandler`): cached pages, route handler
// responses and unstable_cache data, with their tags. Plain JavaScript: Next loads it at run time.
//
// - It never serves the build's output: the database is not reachable during `next build`, so writes
//   made then are dropped and the first request after a start renders real data.
// - It checks tag expiry itself (not Next's per-process manifest), stamping each entry with the time its
//   render started, so a render that began before a change never counts as newer than the change.
// - Where: with REDIS_URL, in Redis, shared by every instance (lib/platform/cache-store-redis.mjs); without it, in
//   this process's memory, at most SHOP_CACHE_MB (default 128) of entries, least recently used first out.

import { createRedisStore } from './cache-store-redis.mjs';

const isBuild = () => process.env.NEXT_PHASE === 'phase-production-build';
const MAX_BYTES = Number(process.env.SHOP_CACHE_MB || 128) * 1024 * 1024;
const MAX_RENDER_MS = 60_000;

/** @typedef {{ value: any; lastModified: number; tags: string[]; cacheControl: any }} Entry */
/** @typedef {{ stale?: number; expired?: number }} TagTimes */

/** @param {any} value */
function sizeOf(value) {
  if (!value) return 64;
  let bytes = 256;
  if (typeof value.html === 'string') bytes += value.html.length;
  if (value.rscData?.length) bytes += value.rscData.length;
  if (value.segmentData instanceof Map) for (const segment of value.segmentData.values()) bytes += segment?.length ?? 0;
  if (value.body?.length) bytes += value.body.length;
  if (value.data?.body) bytes += String(value.data.body).length;
  return bytes;
}

/** One process's store: entries in an LRU map, tag times beside them. */
function createMemoryStore() {
  /** @type {Map<string, Entry & { bytes: number }>} */
  const entries = new Map();
  /** @type {Map<string, TagTimes>} */
  const tags = new Map();
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
      return new Map(wanted.filter((tag) => tags.has(tag)).map((tag) => [tag, tags.get(tag)]));
    },
    /** @param {Array<[string, TagTimes]>} updates */
    async raiseTagTimes(updates) {
      // Times only move forward, as in the Redis store.
      const later = (a, b) => (a === undefined ? b : b === undefined ? a : Math.max(a, b));
      for (const [tag, times] of updates) {
        const current = tags.get(tag) ?? {};
        tags.set(tag, { stale: later(current.stale, times.stale), expired: later(current.expired, times.expired) });
      }
    },
  };
}

const WIDE_CHAR = /[^\u0000-\u00ff]/;
/** A character above U+00FF: a surrogate pair, or one UTF-16 unit (a lone surrogate among them). */
const WIDE_CHARS = /[\ud800-\udbff][\udc00-\udfff]|[^\u0000-\u00ff]/g;
/** What the browser receives for a character: a lone surrogate as U+FFFD, as Node's UTF-8 encoding sends it. */
const received = (char) => (/^[\ud800-\udfff]$/.test(char) ? '\ufffd' : char);
const reference = (char) => `&#x${received(char).codePointAt(0).toString(16)};`;
const escapes = (char) =>
  received(char)
    .split('')
    .map((unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .join('');
/** A script element (its tags and content apart), a style element, text up to the next tag, or a lone "<". */
const HTML_PARTS = /(<script\b[^>]*>)([\s\S]*?)(<\/script>)|(<style\b[^>]*>[\s\S]*?<\/style>)|[^<]+|</gi;

/**
 * A cached page's HTML with every character above U+00FF written as a reference, so that the string is
 * one byte per character. Next.js answers a cached page with `res.end(html)`, and Node writes a string
 * stored two bytes per character, as V8 stores any string holding such a character (the navbar's "▾", a
 * review's "’"), through a slow path: a plain Node server sends a 77 kB page 2,300 times a second in
 * that form, 16,000 times one byte per character. Text and attributes get `&#x...;`, scripts (the page's
 * data, JSON-LD: characters inside string literals) `\u...` escapes; a page with one left inside a
 * <style> or a script's tag is kept as it was.
 * @param {string} html
 * @returns {string}
 */
export function oneByteHtml(html) {
  const written = !WIDE_CHAR.test(html)
    ? html
    : html.replace(HTML_PARTS, (part, open, script, close, style) => {
        if (style) return style;
        if (open) return open + script.replace(WIDE_CHARS, escapes) + close;
        return part.replace(WIDE_CHARS, reference);
      });
  if (WIDE_CHAR.test(written)) return html;
  // V8 keeps the pieces of a two-byte string two-byte, whatever they hold: a copy through Latin-1 bytes
  // is a one-byte string (for a page that had no such character too, when Next.js built it from two-byte pieces).
  return Buffer.from(written, 'latin1').toString('latin1');
}

const globalForCache = /** @type {any} */ (globalThis);
/** The process's store, made on first use (never Redis during `next build`, whose writes are dropped anyway). */
function cacheStore() {
  const url = process.env.REDIS_URL?.trim();
  return (globalForCache.__shopCacheStore ??= url && !isBuild() ? createRedisStore(url) : createMemoryStore());
}

/** The tags an entry answers to: its own (data), or the page's from its x-next-cache-tags header. */
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

/** 'expired': a miss (blocking render); 'stale': served once while it renders again; else fresh. */
function tagState(times, lastModified, now) {
  let state = 'fresh';
  for (const { stale, expired } of times.values()) {
    if (expired !== undefined && expired <= now && expired >= lastModified) return 'expired';
    if (stale !== undefined && stale >= lastModified) state = 'stale';
  }
  return state;
}

function staleLastModified(entry, now) {
  const seconds = entry.value?.kind === 'FETCH' ? entry.value.revalidate : entry.cacheControl?.revalidate;
  return typeof seconds === 'number' ? now - (seconds + 1) * 1000 : -1;
}

/** Expires tags at `now`: at once without durations; stale now and expired after `durations.expire` seconds with them. */
function expireTags(store, tags, durations) {
  const now = store.now();
  const times = durations
    ? { stale: now, expired: durations.expire === undefined ? undefined : now + durations.expire * 1000 }
    : { expired: now };
  return store.raiseTagTimes((typeof tags === 'string' ? [tags] : tags).map((tag) => [tag, times]));
}

// For work outside a request (a timer has no request for Next's revalidateTag): lib/platform/cache.ts expireTagsNow.
globalForCache.__shopExpireTags = (tags) => expireTags(cacheStore(), tags);

export default class ShopCacheHandler {
  constructor() {
    // Next makes one handler per request: this is when the request, and its render, started.
    this.startedAt = cacheStore().now();
  }

  async get(key, ctx) {
    const store = cacheStore();
    const entry = await store.readEntry(key);
    if (!entry) return null;
    const times = await store.readTagTimes(tagsOf(entry, ctx));
    const now = store.now();
    // Tag times that cannot be read make the entry a miss: serving it might serve an expired page.
    const state = times ? tagState(times, entry.lastModified, now) : 'expired';
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
    await store.writeEntry(key, {
      value: data.kind === 'APP_PAGE' && typeof data.html === 'string' ? { ...data, html: oneByteHtml(data.html) } : data,
      lastModified: now - this.startedAt < MAX_RENDER_MS ? this.startedAt : now,
      tags: ctx?.fetchCache ? (ctx.tags ?? []) : [],
      cacheControl: ctx?.fetchCache ? undefined : ctx?.cacheControl,
    });
  }

  async revalidateTag(tags, durations) {
    await expireTags(cacheStore(), tags, durations);
  }

  resetRequestCache() {}
}
