/**
 * The Cache-Control rules of next.config.mjs, run through Next.js's own route loader and matchers
 * (the ones its router applies to every request): a shared page goes out public to a visitor with
 * no session cookie, private to one with it, and no other path gets either. The server hands a
 * shared page's GET on with fewer cookies (lib/platform/shared-pages.mjs): the rules must answer the same.
 */
import type { IncomingMessage } from 'node:http';
import loadCustomRoutes from 'next/dist/lib/load-custom-routes';
import { getPathMatch } from 'next/dist/shared/lib/router/utils/path-match';
import { matchHas } from 'next/dist/shared/lib/router/utils/prepare-destination';
import { isSharedPage, sharedPageCookie } from '@/lib/platform/shared-pages.mjs';
import nextConfig from '../next.config.mjs';

const PUBLIC = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';
const PRIVATE = 'private, no-cache';

async function cacheControlFor(): Promise<(path: string, cookie?: string) => string | undefined> {
  const { headers } = await loadCustomRoutes(nextConfig as Parameters<typeof loadCustomRoutes>[0]);
  const rules = headers.map((rule) => ({ ...rule, match: getPathMatch(rule.source, { strict: true, removeUnnamedParams: true }) }));
  return (path, cookie) => {
    const req = { headers: cookie === undefined ? {} : { cookie } } as unknown as IncomingMessage;
    let value: string | undefined;
    for (const rule of rules) {
      if (rule.match(path) === false || matchHas(req, {}, rule.has, rule.missing) === false) continue;
      for (const header of rule.headers) if (header.key === 'Cache-Control') value = header.value;
    }
    return value;
  };
}

const SHARED = [
  '/',
  '/parts',
  '/parts/6650f0c2a1b2c3d4e5f60718',
  '/categories/brakes',
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

describe('Cache-Control of the shared pages (next.config.mjs)', () => {
  it('is public for a visitor without a session cookie, on every shared page and no other path', async () => {
    const cacheControl = await cacheControlFor();
    for (const path of SHARED) {
      expect([path, cacheControl(path)]).toEqual([path, PUBLIC]);
      expect([path, cacheControl(path, 'theme=dark; next-auth.csrf-token=abc; next-auth.callback-url=%2F')]).toEqual([path, PUBLIC]);
    }
    for (const path of NOT_SHARED) {
      expect([path, cacheControl(path)]).toEqual([path, undefined]);
      expect([path, cacheControl(path, 'next-auth.session-token=eyJ')]).toEqual([path, undefined]);
    }
  });

  it('is private whenever the Cookie header carries a session cookie, in any place and on https', async () => {
    const cacheControl = await cacheControlFor();
    for (const cookie of [
      'next-auth.session-token=eyJhbGciOiJkaXIi.x.y',
      '__Secure-next-auth.session-token=eyJhbGciOiJkaXIi.x.y',
      'theme=dark; next-auth.session-token=eyJ',
      'next-auth.csrf-token=abc;next-auth.session-token=eyJ; theme=dark',
      'a=1; __Secure-next-auth.session-token=eyJ; b=2',
    ])
      for (const path of SHARED) expect([path, cookie, cacheControl(path, cookie)]).toEqual([path, cookie, PRIVATE]);
  });

  it('does not take a cookie whose name only ends like the session cookie for it', async () => {
    const cacheControl = await cacheControlFor();
    expect(cacheControl('/', 'my-next-auth.session-token=1')).toBe(PUBLIC);
    expect(cacheControl('/', 'next-auth.session-tokens=1')).toBe(PUBLIC);
    expect(cacheControl('/', `${'a=1; '.repeat(2000)}b=2`)).toBe(PUBLIC);
  });

  it("the server's test of a shared page is the rules' own, and the cookie it hands Next.js on gets the same Cache-Control", async () => {
    const cacheControl = await cacheControlFor();
    for (const path of SHARED) expect([path, isSharedPage(path)]).toEqual([path, true]);
    for (const path of NOT_SHARED) expect([path, isSharedPage(path)]).toEqual([path, false]);
    // Next.js matches a rule's source whatever the case.
    expect([isSharedPage('/BLOGS'), cacheControl('/BLOGS')]).toEqual([true, PUBLIC]);
    const cookies = [
      'next-auth.session-token=eyJhbGciOiJkaXIi.x.y',
      'a=1; __Secure-next-auth.session-token=eyJ; b=2',
      'next-auth.csrf-token=abc;next-auth.session-token=eyJ; theme=dark',
      'theme=dark; next-auth.csrf-token=abc; next-auth.callback-url=%2F',
      'my-next-auth.session-token=1',
      'next-auth.session-tokens=1; a=next-auth.session-token=1',
      '\tnext-auth.session-token=',
      `${'a=1; '.repeat(2000)}b=2`,
      `${'a=1; '.repeat(2000)}next-auth.session-token=eyJ`,
    ];
    for (const path of SHARED)
      for (const cookie of cookies) {
        const handedOn = sharedPageCookie('GET', path, cookie);
        expect(handedOn === null || handedOn === 'next-auth.session-token=').toBe(true);
        expect([path, cookie, cacheControl(path, handedOn ?? undefined)]).toEqual([path, cookie, cacheControl(path, cookie)]);
      }
    // Other methods, other paths and no cookies: left as they are.
    expect(sharedPageCookie('POST', '/parts/6650f0c2a1b2c3d4e5f60718', cookies[0])).toBeUndefined();
    for (const path of NOT_SHARED) expect(sharedPageCookie('GET', path, cookies[0])).toBeUndefined();
    expect(sharedPageCookie('GET', '/', undefined)).toBeUndefined();
    expect(sharedPageCookie('HEAD', '/', cookies[3])).toBeNull();
  });
});
