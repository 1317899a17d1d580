import type { MetadataRoute } from 'next';
import { appUrl } from '@/lib/platform/env';

export const dynamic = 'force-dynamic';

export default function robots(): MetadataRoute.Robots {
  return {
    rules: [{ userAgent: '*', allow: '/', disallow: ['/dashboard', '/api/', '/login', '/register'] }],
    sitemap: `${appUrl()}/sitemap.xml`,
  };
}
