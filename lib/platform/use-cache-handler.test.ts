/**
 * The 'use cache' handler's rules on its in-process store (the Redis store follows the same rules and
 * is checked end to end by npm run test:cluster): an entry comes back as a fresh stream every time,
 * its own tags and the route's soft tags expire it, a stale tag serves it once more while it is made
 * again, and a render that began before a change never outlives it.
 */
import type { CacheEntry } from 'next/cache';
import useCacheHandler from './use-cache-handler.mjs';

const encoder = new TextEncoder();
const text = async (entry: CacheEntry | undefined) => (entry ? new Response(entry.value).text() : undefined);
const tick = () => new Promise((resolve) => setTimeout(resolve, 2));

function entry(body: string, tags: string[], timestamp = Date.now()): Promise<CacheEntry> {
  return Promise.resolve({
    value: new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(body));
        controller.close();
      },
    }),
    tags,
    stale: 60,
    timestamp,
    expire: 86400,
    revalidate: 3600,
  });
}

describe('the use-cache handler (memory store)', () => {
  const original = process.env.REDIS_URL;
  beforeAll(() => {
    delete process.env.REDIS_URL;
  });
  afterAll(() => {
    if (original !== undefined) process.env.REDIS_URL = original;
  });

  it('answers a stored entry as a new stream on every read, with its timings', async () => {
    await useCacheHandler.set('part-a', entry('{"price":10}', ['part:a']));
    const first = await useCacheHandler.get('part-a', []);
    const second = await useCacheHandler.get('part-a', []);
    expect(await text(first)).toBe('{"price":10}');
    expect(await text(second)).toBe('{"price":10}');
    expect(first).toMatchObject({ tags: ['part:a'], stale: 60, expire: 86400, revalidate: 3600 });
    expect(await useCacheHandler.get('never-stored', [])).toBeUndefined();
  });

  it('expires an entry when one of its tags is updated, and only then', async () => {
    await useCacheHandler.set('list', entry('[a,b]', ['part:b', 'part:c']));
    await tick();
    await useCacheHandler.updateTags(['part:z']);
    expect(await text(await useCacheHandler.get('list', []))).toBe('[a,b]');
    await useCacheHandler.updateTags(['part:c']);
    expect(await useCacheHandler.get('list', [])).toBeUndefined();
  });

  it('checks the soft tags of the route it is read for', async () => {
    await useCacheHandler.set('home-parts', entry('[x]', ['catalog']));
    await tick();
    await useCacheHandler.updateTags(['_N_T_/']);
    expect(await useCacheHandler.get('home-parts', ['_N_T_/layout', '_N_T_/'])).toBeUndefined();
    expect(await useCacheHandler.getExpiration(['_N_T_/'])).toBe(Infinity);
  });

  it('serves an entry whose tag went stale once more, marked for a background refresh', async () => {
    await useCacheHandler.set('reviews', entry('[r]', ['reviews']));
    await tick();
    await useCacheHandler.updateTags(['reviews'], { expire: 3600 });
    const stale = await useCacheHandler.get('reviews', []);
    expect(await text(stale)).toBe('[r]');
    expect(stale?.revalidate).toBeLessThan(0);
  });

  it('expires a render that started before the change, even when it is stored after it', async () => {
    const startedAt = Date.now();
    await tick();
    await useCacheHandler.updateTags(['part:d']);
    await useCacheHandler.set('part-d', entry('old price', ['part:d'], startedAt));
    expect(await useCacheHandler.get('part-d', [])).toBeUndefined();
    await tick();
    await useCacheHandler.set('part-d', entry('new price', ['part:d']));
    expect(await text(await useCacheHandler.get('part-d', []))).toBe('new price');
  });

  it('keeps nothing the build renders (there is no database then)', async () => {
    const phase = process.env.NEXT_PHASE;
    process.env.NEXT_PHASE = 'phase-production-build';
    try {
      await useCacheHandler.set('built', entry('empty catalog', []));
    } finally {
      if (phase === undefined) delete process.env.NEXT_PHASE;
      else process.env.NEXT_PHASE = phase;
    }
    expect(await useCacheHandler.get('built', [])).toBeUndefined();
  });

  it('shares its tag times with the page handler and the app (lib/platform/cache.ts expireCacheTags)', async () => {
    await useCacheHandler.set('shared', entry('x', ['catalog-shared']));
    await tick();
    const hook = (globalThis as { __shopExpireTags?: (tags: string[]) => Promise<void> }).__shopExpireTags;
    expect(hook).toBeDefined();
    await hook!(['catalog-shared']);
    expect(await useCacheHandler.get('shared', [])).toBeUndefined();
  });
});
