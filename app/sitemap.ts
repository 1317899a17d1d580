import type { MetadataRoute } from 'next';
import { connection } from 'next/server';
import { getSitemapParts } from '@/lib/catalog';
import { appUrl } from '@/lib/env';

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  await connection();
  const base = appUrl();
  const parts = await getSitemapParts();
  return [
    { url: `${base}/`, changeFrequency: 'daily', priority: 1 },
    { url: `${base}/blogs`, changeFrequency: 'monthly', priority: 0.5 },
    { url: `${base}/myPortfolio`, changeFrequency: 'monthly', priority: 0.3 },
    ...parts.map((part) => ({
      url: `${base}/parts/${part._id}`,
      lastModified: part.updatedAt,
      changeFrequency: 'weekly' as const,
      priority: 0.8,
    })),
  ];
}
