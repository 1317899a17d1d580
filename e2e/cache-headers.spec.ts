import { expect, test } from './fixtures';

/** next.config.mjs's Cache-Control under `next start`: shared pages public without a session cookie, private with one. */
const PUBLIC = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';
const PRIVATE = 'private, no-cache';

const SHARED = [
  '/',
  '/parts',
  '/parts/search?q=brake',
  '/categories/brakes',
  '/categories/brakes/search?brand=Stopline',
  '/blogs',
  '/myPortfolio',
  '/login',
  '/register',
  '/legal/terms',
];
const NOT_SHARED = [
  '/parts/sitemap/0.xml',
  '/legal',
  '/blogsx',
  '/api/parts',
  '/api/auth/session',
  '/dashboard',
  '/dashboard/myOrders',
  '/x/parts',
  '/parts/',
];

test.describe('Cache-Control of the shared pages (next.config.mjs)', () => {
  test('public for a visitor without a session cookie on every shared page and no other path; private with one, in any place and on https', async ({
    request,
  }) => {
    const part = ((await (await request.get('/api/parts?limit=1')).json()) as Array<{ _id: string }>)[0]!;
    const shared = [...SHARED, `/parts/${part._id}`];
    const cacheControl = async (path: string, cookie?: string) => {
      const res = await request.get(path, { headers: cookie === undefined ? {} : { cookie }, maxRedirects: 0 });
      return res.headers()['cache-control'];
    };
    for (const path of shared) {
      expect([path, await cacheControl(path)]).toEqual([path, PUBLIC]);
      expect([path, await cacheControl(path, 'theme=dark; next-auth.csrf-token=abc; next-auth.callback-url=%2F')]).toEqual([path, PUBLIC]);
      // A cookie whose name only ends like the session cookie's, or many cookies: still public.
      expect([path, await cacheControl(path, 'my-next-auth.session-token=1')]).toEqual([path, PUBLIC]);
      expect([path, await cacheControl(path, 'next-auth.session-tokens=1')]).toEqual([path, PUBLIC]);
    }
    expect(await cacheControl('/', `${'a=1; '.repeat(500)}b=2`)).toBe(PUBLIC);
    for (const cookie of [
      'next-auth.session-token=eyJhbGciOiJkaXIi.x.y',
      '__Secure-next-auth.session-token=eyJhbGciOiJkaXIi.x.y',
      'theme=dark; next-auth.session-token=eyJ',
      'next-auth.csrf-token=abc;next-auth.session-token=eyJ; theme=dark',
      'a=1; __Secure-next-auth.session-token=eyJ; b=2',
      `${'a=1; '.repeat(500)}next-auth.session-token=eyJ`,
    ])
      for (const path of shared) expect([path, cookie, await cacheControl(path, cookie)]).toEqual([path, cookie, PRIVATE]);
    for (const path of NOT_SHARED)
      for (const cookie of [undefined, 'next-auth.session-token=eyJ']) {
        const value = await cacheControl(path, cookie);
        expect([path, cookie, value === PUBLIC || value === PRIVATE]).toEqual([path, cookie, false]);
      }
  });
});
