import 'server-only';
import { hasServablePage } from '@/lib/platform/cache-handler.mjs';
import { isDatabaseUnreachable } from '@/lib/platform/database-health';

/**
 * A page of DATABASE_PAGE (lib/platform/outage-paths.ts) that cannot be answered now: the database is unreachable and the cache
 * holds no copy of it to serve (rendering it would fail, and Next.js would answer 500).
 */
export async function isPageUnavailable(pathname: string): Promise<boolean> {
  if (!(await isDatabaseUnreachable())) return false;
  return !(await hasServablePage(pathname).catch(() => false));
}
