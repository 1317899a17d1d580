// The shop's Next.js cache handler (next.config.mjs `cacheHandler`): cached pages, route handler
// responses and unstable_cache data, with their tags. Plain JavaScript: Next loads it at run time.
//
// - It never serves the build's output: the database is not reachable during `next build`, so writes
//   made then are dropped and the first request after a start renders real data.
// - It checks tag expiry itself (not Next's per-process manifest), stamping each entry with the time its
//   render started, so a render that began before a change never counts as newer than the change.
// - In memory it keeps at most SHOP_CACHE_MB (default 128) of entries, least recently used first out.

const isBuild = () => process.env.NEXT_PHASE === 'phase-production-build';
const MAX_BYTES = Number(process.env.SHOP_CACHE_MB || 128) * 1024 * 1024;
const MAX_RENDER_MS = 60_000;

/** @typedef {{ value: any; lastModified: number; tags: string[]; cacheControl: any; bytes: number }} Entry */

const globalForCache = /** @type {any} */ (globalThis);
/** @type {{ entries: Map<string, Entry>; bytes: number; tags: Map<string, { stale?: number; expired?: number }> }} */
const memory = (globalForCache.__shopCache ??= { entries: new Map(), bytes: 0, tags: new Map() });

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

/** The tags an entry answers to: its own (data), or the page's from its x-next-cache-tags header. */
function tagsOf(entry, ctx) {
  const value = entry.value;
  if (value?.kind === 'FETCH') return [...entry.tags, ...(value.tags ?? []), ...(ctx?.tags ?? []), ...(ctx?.softTags ?? [])];
  const header = value?.headers?.['x-next-cache-tags'];
  return typeof header === 'string' ? [...entry.tags, ...header.split(',')] : entry.tags;
}

/** 'expired': a miss (blocking render); 'stale': served once while it renders again; else fresh. */
function tagState(tags, lastModified) {
  const now = Date.now();
  let state = 'fresh';
  for (const tag of tags) {
    const times = memory.tags.get(tag);
    if (!times) continue;
    if (times.expired !== undefined && times.expired <= now && times.expired >= lastModified) return 'expired';
    if (times.stale !== undefined && times.stale >= lastModified) state = 'stale';
  }
  return state;
}

function staleLastModified(entry) {
  const seconds = entry.value?.kind === 'FETCH' ? entry.value.revalidate : entry.cacheControl?.revalidate;
  return typeof seconds === 'number' ? Date.now() - (seconds + 1) * 1000 : -1;
}

function remove(key) {
  const entry = memory.entries.get(key);
  if (!entry) return;
  memory.entries.delete(key);
  memory.bytes -= entry.bytes;
}

export default class ShopCacheHandler {
  constructor() {
    // Next makes one handler per request: this is when the request, and its render, started.
    this.startedAt = Date.now();
  }

  async get(key, ctx) {
    const entry = memory.entries.get(key);
    if (!entry) return null;
    const state = tagState(tagsOf(entry, ctx), entry.lastModified);
    if (state === 'expired') {
      remove(key);
      return null;
    }
    // Least recently used goes first: a read moves the entry to the end.
    memory.entries.delete(key);
    memory.entries.set(key, entry);
    return {
      value: entry.value,
      lastModified: state === 'stale' ? staleLastModified(entry) : entry.lastModified,
      cacheControl: entry.cacheControl,
    };
  }

  async set(key, data, ctx) {
    if (isBuild()) return;
    remove(key);
    if (!data) return;
    const now = Date.now();
    const entry = {
      value: data,
      lastModified: now - this.startedAt < MAX_RENDER_MS ? this.startedAt : now,
      tags: ctx?.fetchCache ? (ctx.tags ?? []) : [],
      cacheControl: ctx?.fetchCache ? undefined : ctx?.cacheControl,
      bytes: sizeOf(data),
    };
    memory.entries.set(key, entry);
    memory.bytes += entry.bytes;
    for (const [oldest] of memory.entries) {
      if (memory.bytes <= MAX_BYTES) break;
      remove(oldest);
    }
  }

  async revalidateTag(tags, durations) {
    const now = Date.now();
    for (const tag of typeof tags === 'string' ? [tags] : tags) {
      const times = { ...memory.tags.get(tag) };
      if (durations) {
        times.stale = now;
        if (durations.expire !== undefined) times.expired = now + durations.expire * 1000;
      } else {
        times.expired = now;
      }
      memory.tags.set(tag, times);
    }
  }

  resetRequestCache() {}
}
