import { sitemapChunkCount, sitemapChunkXml } from '@/lib/catalog';

/** The chunks known when the build runs (one without a database); the others render on their first request. */
export async function generateStaticParams() {
  return Array.from({ length: await sitemapChunkCount() }, (_, id) => ({ chunk: `${id}.xml` }));
}

/** GET /parts/sitemap/{n}.xml: one chunk of the sitemap (listed by /sitemap.xml). */
export async function GET(_req: Request, { params }: { params: Promise<{ chunk: string }> }): Promise<Response> {
  const number = /^(0|[1-9]\d{0,5})\.xml$/.exec((await params).chunk)?.[1];
  const xml = number === undefined ? null : await sitemapChunkXml(Number(number));
  if (xml === null) return new Response('No such sitemap', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return new Response(xml, { headers: { 'Content-Type': 'application/xml' } });
}
