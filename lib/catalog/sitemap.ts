import 'server-only';
import { CATEGORIES } from '@/content/categories';
import { legalPath, LEGAL_SLUGS } from '@/content/legal';
import { tagCatalogRead } from '@/lib/platform/cache';
import { TAGS } from '@/lib/catalog/tags';
import { appUrl, isBuildWithoutDatabase } from '@/lib/platform/env';
import { catalogSearch } from '@/lib/catalog/search';
import { searchQuerySchema } from '@/lib/validations/search';

/** The sitemap in chunks of 50,000 URLs (Google's limit); part URLs come from the search index and each chunk's XML is cached
 * whole, its entries' JSON being far larger. Nothing is read during a self-hosted `next build`. */
export const SITEMAP_CHUNK = 50_000;
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** One URL of a chunk: where, and the optional hints (Google reads loc and lastmod only, so parts carry just those). */
export type SitemapUrl = { loc: string; lastmod?: string; changefreq?: string; priority?: number };

export function staticEntries(base: string): SitemapUrl[] {
  return [
    { loc: `${base}/`, changefreq: 'daily', priority: 1 },
    { loc: `${base}/parts`, changefreq: 'daily', priority: 0.9 },
    ...CATEGORIES.map((category) => ({ loc: `${base}/categories/${category.slug}`, changefreq: 'daily', priority: 0.8 })),
    { loc: `${base}/blogs`, changefreq: 'monthly', priority: 0.5 },
    { loc: `${base}/myPortfolio`, changefreq: 'monthly', priority: 0.3 },
    ...LEGAL_SLUGS.map((slug) => ({ loc: `${base}${legalPath(slug)}`, changefreq: 'yearly', priority: 0.2 })),
  ];
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xmlText = (text: string) => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]!);

function urlXml({ loc, lastmod, changefreq, priority }: SitemapUrl): string {
  return (
    `<url><loc>${xmlText(loc)}</loc>` +
    (lastmod ? `<lastmod>${lastmod}</lastmod>` : '') +
    (changefreq ? `<changefreq>${changefreq}</changefreq>` : '') +
    (priority === undefined ? '' : `<priority>${priority}</priority>`) +
    '</url>\n'
  );
}

const allParts = () => (isBuildWithoutDatabase() ? Promise.resolve([]) : catalogSearch().allParts());

/** How many parts the sitemap lists: the plain listing's total, so no part's entry is built to count them. */
async function partCount(): Promise<number> {
  if (isBuildWithoutDatabase()) return 0;
  return (await catalogSearch().search(searchQuerySchema.parse({ limit: '1' }))).total;
}

/** How many chunks hold `urls` URLs (one at least, for the index). */
export const chunkCountFor = (urls: number): number => Math.max(1, Math.ceil(urls / SITEMAP_CHUNK));

export async function sitemapChunkCount(): Promise<number> {
  return chunkCountFor(staticEntries('').length + (await partCount()));
}

/** Chunk `chunk`'s URLs: fixed pages first, then SITEMAP_CHUNK parts a chunk, each part in exactly one chunk. */
export function chunkUrls(
  chunk: number,
  fixed: readonly SitemapUrl[],
  parts: ReadonlyArray<{ id: string; updatedAt: number }>,
  base: string,
): SitemapUrl[] {
  const start = chunk * SITEMAP_CHUNK;
  return [
    ...fixed.slice(start, start + SITEMAP_CHUNK),
    ...parts
      .slice(Math.max(0, start - fixed.length), start + SITEMAP_CHUNK - fixed.length)
      .map((part) => ({ loc: `${base}/parts/${part.id}`, lastmod: new Date(part.updatedAt).toISOString() })),
  ];
}

/** A chunk's URLs (null: no such chunk). */
export async function sitemapChunk(chunk: number): Promise<SitemapUrl[] | null> {
  if (chunk > 0 && chunk >= (await sitemapChunkCount())) return null;
  const base = appUrl();
  return chunkUrls(chunk, staticEntries(base), await allParts(), base);
}

/** A chunk's XML (null: none), written here because Next.js's metadata sitemap was slow and memory-hungry at 50,000 URLs. */
export async function sitemapChunkXml(chunk: number): Promise<string | null> {
  'use cache';
  tagCatalogRead(TAGS.catalog);
  const urls = await sitemapChunk(chunk);
  if (!urls) return null;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NS}">\n${urls.map(urlXml).join('')}</urlset>\n`;
}

/** The sitemap index listing every chunk. */
export async function sitemapIndexXml(): Promise<string> {
  'use cache';
  tagCatalogRead(TAGS.catalog);
  const base = appUrl();
  const chunks = Array.from(
    { length: await sitemapChunkCount() },
    (_, id) => `<sitemap><loc>${xmlText(`${base}/parts/sitemap/${id}.xml`)}</loc></sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${SITEMAP_NS}">${chunks.join('')}</sitemapindex>\n`;
}
