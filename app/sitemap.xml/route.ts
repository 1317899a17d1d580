import { sitemapIndexXml } from '@/lib/catalog/sitemap';

// The index changes only when the catalog crosses a chunk boundary: render it again every hour at most.
export const revalidate = 3600;

/** GET /sitemap.xml: the sitemap index, one entry per chunk. */
export async function GET(): Promise<Response> {
  return new Response(await sitemapIndexXml(), { headers: { 'Content-Type': 'application/xml' } });
}
