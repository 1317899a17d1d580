import type { MetadataRoute } from 'next';
import { sitemapChunk, sitemapChunkCount } from '@/lib/sitemap';

/** The sitemap's chunks of at most 50,000 URLs, at /parts/sitemap/{id}.xml (the index is /sitemap.xml). */
export async function generateSitemaps() {
  return Array.from({ length: await sitemapChunkCount() }, (_, id) => ({ id }));
}

export default async function sitemap({ id }: { id: Promise<string> }): Promise<MetadataRoute.Sitemap> {
  return sitemapChunk(Number(await id));
}
