import { STORAGE_STATE } from './config';
import { expect, test } from './fixtures';
import { apiAs, createPartViaApi } from './helpers';

/**
 * The page cache handler (lib/platform/cache-handler.mjs) learns a page's tags from the
 * `x-next-cache-tags` header of the entry Next.js hands it, the only place Next.js documents them
 * (its self-hosting guide, "Configuring Caching"). A Next.js that renamed or dropped the header would
 * fail here: a changed part's page would go on being served from the cache unchanged.
 */
test.describe('the page cache (lib/platform/cache-handler.mjs)', () => {
  test('a cached page expires with the tag of the part it shows', async ({ request, baseURL }, testInfo) => {
    const admin = await apiAs(baseURL!, STORAGE_STATE.admin);
    const part = await createPartViaApi(admin, testInfo);
    const path = `/parts/${part.id}`;
    await request.get(path);
    const cached = await request.get(path);
    expect(cached.headers()['x-nextjs-cache']).toBe('HIT');
    const renamed = `${part.name} renamed`;
    expect(await cached.text()).not.toContain(renamed);

    expect((await admin.put(`/api/parts/${part.id}`, { data: { name: renamed } })).status()).toBe(200);
    const fresh = await request.get(path);
    expect(fresh.headers()['x-nextjs-cache']).not.toBe('HIT');
    expect(await fresh.text()).toContain(renamed);
    await admin.dispose();
  });
});
