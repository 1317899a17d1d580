import type { MetadataRoute } from 'next';
import { connection } from 'next/server';
import { appUrl } from '@/lib/platform/env';

/** Rendered per request: the sitemap's address comes from the running server's settings, not the build's. */
export default async function robots(): Promise<MetadataRoute.Robots> {
  await connection();
  return {
    rules: [{ userAgent: '*', allow: '/', disallow: ['/dashboard', '/api/', '/login', '/register'] }],
    sitemap: `${appUrl()}/sitemap.xml`,
  };
}
