import { sitemapIndexXml } from '@/lib/catalog';

/** GET /sitemap.xml: the sitemap index, one entry per chunk. */
export async function GET(): Promise<Response> {
  return new Response(await sitemapIndexXml(), { headers: { 'Content-Type': 'application/xml' } });
}
