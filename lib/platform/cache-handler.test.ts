/**
 * The cache handler's rules on its in-process store (the Redis store follows the same rules and is
 * checked end to end by npm run test:cluster): tags expire entries, and an entry counts from the
 * moment its render started, so a render that began before a change never outlives it.
 */
import ShopCacheHandler from './cache-handler.mjs';
import { cacheStore, MAX_TAG_TIMES } from './cache-store.mjs';

const page = (tags: string) => ({ kind: 'APP_PAGE', html: '<p>part</p>', headers: { 'x-next-cache-tags': tags }, status: 200 });
const data = (body: string) => ({ kind: 'FETCH', data: { headers: {}, body, status: 200, url: '' }, revalidate: 3600, tags: [] });
const fetchCtx = (tags: string[]) => ({ fetchCache: true, tags });

describe('ShopCacheHandler (memory store)', () => {
  const original = process.env.REDIS_URL;
  beforeAll(() => {
    delete process.env.REDIS_URL;
  });
  afterAll(() => {
    if (original !== undefined) process.env.REDIS_URL = original;
  });

  it('serves an entry until one of its tags expires', async () => {
    const handler = new ShopCacheHandler();
    await handler.set('/parts/1', page('part:1,_N_T_/parts/1'), { cacheControl: { revalidate: false } });
    expect((await new ShopCacheHandler().get('/parts/1', {}))?.value).toMatchObject({ html: '<p>part</p>' });
    await new ShopCacheHandler().revalidateTag(['part:2']);
    expect(await new ShopCacheHandler().get('/parts/1', {})).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 2));
    await new ShopCacheHandler().revalidateTag('part:1', { expire: 0 });
    expect(await new ShopCacheHandler().get('/parts/1', {})).toBeNull();
  });

  it('expires a render that started before the change, even when it is stored after it', async () => {
    const slowRender = new ShopCacheHandler();
    await new Promise((resolve) => setTimeout(resolve, 2));
    await new ShopCacheHandler().revalidateTag(['part:3']);
    await slowRender.set('data:3', data('old price'), fetchCtx(['part:3']));
    expect(await new ShopCacheHandler().get('data:3', { tags: ['part:3'] })).toBeNull();

    await new Promise((resolve) => setTimeout(resolve, 2));
    await new ShopCacheHandler().set('data:3', data('new price'), fetchCtx(['part:3']));
    expect((await new ShopCacheHandler().get('data:3', { tags: ['part:3'] }))?.value).toMatchObject({ data: { body: 'new price' } });
  });

  it("serves a page while stale, not once its path's tag expired", async () => {
    const key = '/route-cache/APP_PAGE/some-build-hash/$/parts/7';
    await new ShopCacheHandler().set(key, page('_N_T_/layout,_N_T_/(shop)/parts/[id]/page,_N_T_/parts/7,part:7'), {
      cacheControl: { revalidate: false },
    });
    expect(await new ShopCacheHandler().get(key, {})).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 2));
    await new ShopCacheHandler().revalidateTag('part:7', { expire: 60 });
    expect(await new ShopCacheHandler().get(key, {})).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 2));
    await new ShopCacheHandler().revalidateTag('_N_T_/parts/7');
    expect(await new ShopCacheHandler().get(key, {})).toBeNull();
  });

  it('expires tags from outside a request through the global hook (lib/platform/cache.ts expireCacheTags)', async () => {
    await new ShopCacheHandler().set('data:4', data('list'), fetchCtx(['catalog']));
    await new Promise((resolve) => setTimeout(resolve, 2));
    const hook = (globalThis as { __shopExpireTags?: (tags: string[]) => Promise<void> }).__shopExpireTags;
    await hook?.(['catalog']);
    expect(await new ShopCacheHandler().get('data:4', { tags: ['catalog'] })).toBeNull();
  });

  describe(`at most ${MAX_TAG_TIMES} tag times`, () => {
    const tick = () => new Promise((resolve) => setTimeout(resolve, 2));
    const bulk = (name: string, count = MAX_TAG_TIMES) => Array.from({ length: count }, (_, i) => `${name}:${i}`);
    beforeEach(() => {
      delete (globalThis as { __shopCacheStore?: unknown }).__shopCacheStore;
    });

    it('forgets the longest-unraised tags past the limit, and what was stored before them still expires', async () => {
      await new ShopCacheHandler().set('data:old', data('old price'), fetchCtx(['part:old']));
      await new ShopCacheHandler().set('data:other', data('other'), fetchCtx(['part:other']));
      await tick();
      await new ShopCacheHandler().revalidateTag(['part:old']);
      await new ShopCacheHandler().revalidateTag(bulk('import', MAX_TAG_TIMES - 1));
      // At the limit nothing is forgotten.
      expect((await cacheStore().readTagTimes(['part:old'])).has('part:old')).toBe(true);
      await new ShopCacheHandler().revalidateTag(['import:last']);
      const times = await cacheStore().readTagTimes(['part:old', ...bulk('import', MAX_TAG_TIMES - 1), 'import:last']);
      expect(times.has('part:old')).toBe(false);
      // The tags kept and the floor.
      expect(times.size).toBe(MAX_TAG_TIMES + 1);
      expect(await new ShopCacheHandler().get('data:old', { tags: ['part:old'] })).toBeNull();
      // Stored before the floor, an entry without those tags is made again once too.
      expect(await new ShopCacheHandler().get('data:other', { tags: ['part:other'] })).toBeNull();
      // Stored after it, an entry with a forgotten tag is served.
      await tick();
      await new ShopCacheHandler().set('data:old', data('new price'), fetchCtx(['part:old']));
      expect((await new ShopCacheHandler().get('data:old', { tags: ['part:old'] }))?.value).toMatchObject({ data: { body: 'new price' } });
    });

    it('a tag raised again counts from then: the oldest others go first', async () => {
      await new ShopCacheHandler().revalidateTag(['part:kept', ...bulk('early', MAX_TAG_TIMES - 1)]);
      await new ShopCacheHandler().revalidateTag(['part:kept']);
      await new ShopCacheHandler().revalidateTag(['part:new']);
      const times = await cacheStore().readTagTimes(['part:kept', 'early:0', 'early:1', 'part:new']);
      expect([...times.keys()].filter(Boolean).sort()).toEqual(['early:1', 'part:kept', 'part:new']);
    });

    it('keeps a tag that expires later (a duration): folded, it would hold back the floor', async () => {
      await new ShopCacheHandler().revalidateTag('part:later', { expire: 60 });
      await new ShopCacheHandler().revalidateTag(bulk('bulk', MAX_TAG_TIMES + 5));
      const times = await cacheStore().readTagTimes(['part:later', 'bulk:0', `bulk:${MAX_TAG_TIMES + 4}`]);
      expect(times.has('part:later')).toBe(true);
      expect(times.has('bulk:0')).toBe(false);
      expect(times.get('')?.expired).toBeLessThanOrEqual(Date.now());
    });
  });
});
