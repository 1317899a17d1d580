import 'server-only';
import type { MetadataRoute } from 'next';
import { CATEGORIES } from '@/content/categories';
import { legalPath, LEGAL_SLUGS } from '@/content/legal';
import { cachedRead } from '@/lib/cache';
import { TAGS } from '@/lib/constants';
import { appUrl, isBuildWithoutDatabase } from '@/lib/env';
import { catalogSearch } from '@/lib/search';
import { searchQuerySchema } from '@/lib/validations/search';

/**
 * The sitemap, in chunks of at most 50,000 URLs (Google's limit): /parts/sitemap/0.xml, /parts/sitemap/1.xml...,
 * listed by the index at /sitemap.xml. Part URLs come from the search index (no database scan), and
 * each chunk is cached until the catalog's lists change. Nothing is read while a self-hosted `next build` runs.
 */
export const SITEMAP_CHUNK = 50_000;

function staticEntries(base: string): MetadataRoute.Sitemap {
  return [
    { url: `${base}/`, changeFrequency: 'daily', priority: 1 },
    { url: `${base}/parts`, changeFrequency: 'daily', priority: 0.9 },
    ...CATEGORIES.map((category) => ({ url: `${base}/categories/${category.slug}`, changeFrequency: 'daily' as const, priority: 0.8 })),
    { url: `${base}/blogs`, changeFrequency: 'monthly', priority: 0.5 },
    { url: `${base}/myPortfolio`, changeFrequency: 'monthly', priority: 0.3 },
    ...LEGAL_SLUGS.map((slug) => ({ url: `${base}${legalPath(slug)}`, changeFrequency: 'yearly' as const, priority: 0.2 })),
  ];
}

const allParts = () => (isBuildWithoutDatabase() ? Promise.resolve([]) : catalogSearch().allParts());

/**
 * How many parts the sitemap lists: the total of the plain listing, which the search index answers as
 * soon as it is loaded (the chunks' ids and dates wait for its completion; the index of chunks need not).
 */
async function partCount(): Promise<number> {
  if (isBuildWithoutDatabase()) return 0;
  return (await catalogSearch().search(searchQuerySchema.parse({ limit: '1' }))).total;
}

export async function sitemapChunkCount(): Promise<number> {
  const urls = staticEntries('').length + (await partCount());
  return Math.max(1, Math.ceil(urls / SITEMAP_CHUNK));
}

export async function sitemapChunk(chunk: number): Promise<MetadataRoute.Sitemap> {
  // The chunk's route is cached whole (its XML). This small read gives that entry the catalog's tag, so a
  // new or removed part renders it again; caching the chunk's entries as well (7 MB of JSON for 50,000
  // URLs) only cost memory and time.
  await cachedRead(async () => chunk, ['sitemap', String(chunk)], { tags: [TAGS.catalog], revalidate: 3600 });
  const base = appUrl();
  const fixed = staticEntries(base);
  const start = chunk * SITEMAP_CHUNK;
  const parts = (await allParts()).slice(Math.max(0, start - fixed.length), start + SITEMAP_CHUNK - fixed.length);
  return [
    ...fixed.slice(start, start + SITEMAP_CHUNK),
    ...parts.map((part) => ({
      url: `${base}/parts/${part.id}`,
      lastModified: new Date(part.updatedAt).toISOString(),
      changeFrequency: 'weekly' as const,
      priority: 0.8,
    })),
  ];
}

/** The sitemap index listing every chunk. */
export async function sitemapIndexXml(): Promise<string> {
  const base = appUrl();
  const chunks = Array.from(
    { length: await sitemapChunkCount() },
    (_, id) => `<sitemap><loc>${base}/parts/sitemap/${id}.xml</loc></sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${chunks.join('')}</sitemapindex>\n`;
}
