import 'server-only';
import { hasServablePage } from '@/lib/platform/cache-handler.mjs';
import { isDatabaseUnreachable } from '@/lib/platform/database-health';

/**
 * A page of DATABASE_PAGE (lib/platform/outage-paths.ts) that cannot be answered now: the database is unreachable and the cache
 * holds no copy of it to serve (rendering it would fail, and Next.js would answer 500).
 */
export async function isPageUnavailable(pathname: string): Promise<boolean> {
  // A copy in the cache is served whatever the database's state.
  if (await hasServablePage(pathname).catch(() => false)) return false;
  // The page will be rendered, which reads the database anyway: a ping now (one shared by the
  // requests meanwhile) costs far less, and no earlier answer can miss a database that just stopped.
  return isDatabaseUnreachable({ maxAgeMs: 0 });
}
