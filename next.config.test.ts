/**
 * next.config.mjs's cache settings on a Node host and on Vercel: off Vercel, our page cache handler and
 * the shared pages' Cache-Control (a minute for a CDN, private with a session cookie); on Vercel,
 * Vercel's own page cache (which Next's revalidateTag purges) and Next's own Cache-Control.
 */
import type { NextConfig } from 'next';
import { API_ONLY_FIELDS } from '@/lib/catalog/url';
import { SHARED_PAGES_SOURCE } from '@/lib/platform/shared-pages.mjs';
import { searchQuerySchema } from '@/lib/validations/search';

type HeaderRule = { source: string; has?: unknown[]; headers: Array<{ key: string; value: string }> };
type Rewrite = { source: string; has?: Array<{ type: string; key: string }>; destination: string };

async function configWith({ vercel }: { vercel: boolean }): Promise<NextConfig> {
  const before = process.env.VERCEL;
  if (vercel) process.env.VERCEL = '1';
  else delete process.env.VERCEL;
  try {
    let config: NextConfig | undefined;
    await jest.isolateModulesAsync(async () => {
      config = (await import('@/next.config.mjs')).default;
    });
    return config!;
  } finally {
    if (before === undefined) delete process.env.VERCEL;
    else process.env.VERCEL = before;
  }
}

/** Each rule that sets Cache-Control: its source, whether it has a condition, and the value. */
async function cacheControlRules(config: NextConfig) {
  return ((await config.headers!()) as HeaderRule[]).flatMap((rule) =>
    rule.headers
      .filter((header) => header.key === 'Cache-Control')
      .map(({ value }) => ({ source: rule.source, has: Boolean(rule.has), value })),
  );
}

describe('next.config.mjs caching', () => {
  it("on a Node host: our page cache handler, and the shared pages' public and private Cache-Control", async () => {
    const config = await configWith({ vercel: false });
    expect(config.cacheHandler).toMatch(/lib\/platform\/cache-handler\.mjs$/);
    expect(config.cacheHandlers?.default).toMatch(/lib\/platform\/use-cache-handler\.mjs$/);
    expect(await cacheControlRules(config)).toEqual([
      { source: SHARED_PAGES_SOURCE, has: false, value: 'public, max-age=0, s-maxage=60, stale-while-revalidate=600' },
      { source: SHARED_PAGES_SOURCE, has: true, value: 'private, no-cache' },
    ]);
  });

  it("on Vercel: Vercel's page cache and Next's own Cache-Control, our 'use cache' handler still", async () => {
    const config = await configWith({ vercel: true });
    expect(config.cacheHandler).toBeUndefined();
    expect(config.cacheHandlers?.default).toMatch(/lib\/platform\/use-cache-handler\.mjs$/);
    expect(await cacheControlRules(config)).toEqual([]);
    const rules = (await config.headers!()) as HeaderRule[];
    expect(rules.flatMap((rule) => rule.headers.map((header) => header.key))).toEqual(
      expect.arrayContaining(['X-Content-Type-Options', 'Referrer-Policy', 'X-Frame-Options']),
    );
  });
});

describe('next.config.mjs: the old form of a narrowed catalog URL', () => {
  it('goes on to app/old-catalog-url for every field of the search schema, from the catalog and a category, on any host', async () => {
    const apiOnly: readonly string[] = API_ONLY_FIELDS;
    const fields = [...Object.keys(searchQuerySchema.shape).filter((name) => !apiOnly.includes(name)), 'page'].sort();
    for (const vercel of [false, true]) {
      const { beforeFiles } = (await (await configWith({ vercel })).rewrites!()) as { beforeFiles: Rewrite[] };
      const rules = beforeFiles.filter((rule) => rule.destination.startsWith('/old-catalog-url/'));
      expect(rules.flatMap((rule) => (rule.has ?? []).map(({ type, key }) => `${type}:${key}`)).sort()).toEqual(
        fields.map((field) => `query:${field}`),
      );
      for (const rule of rules) {
        expect(rule).toMatchObject({ source: '/:oldCatalogPath(parts|categories/[^/]+)', destination: '/old-catalog-url/:oldCatalogPath' });
        expect(rule.has).toHaveLength(1);
      }
    }
  });
});
