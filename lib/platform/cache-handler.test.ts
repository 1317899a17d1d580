/**
 * The cache handler's rules on its in-process store (the Redis store follows the same rules and is
 * checked end to end by npm run test:cluster): tags expire entries, and an entry counts from the
 * moment its render started, so a render that began before a change never outlives it.
 */
import ShopCacheHandler from './cache-handler.mjs';

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
});
