import 'server-only';
import { connectDb } from '@/lib/platform/db';

/** A ping at most this often per process; requests in between take its answer. */
const CHECK_EVERY_MS = 1000;
/** A ping not answered in this time counts as a database that is down (its server selection waits longer). */
const PING_LIMIT_MS = 1500;

type Health = { down: boolean; at: number; checking: Promise<boolean> | null };
const globalForHealth = globalThis as typeof globalThis & { __shopDatabaseHealth?: Health };
const health: Health = (globalForHealth.__shopDatabaseHealth ??= { down: false, at: 0, checking: null });

async function ping(): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_LIMIT_MS);
  });
  const answered = (async () => {
    const { connection } = await connectDb();
    await connection.db!.admin().ping();
    return true;
  })().catch(() => false);
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether the database is unreachable now: the answer of a ping made at most `maxAgeMs` ago, or of one made now (one at a time per process, shared by
 * the callers meanwhile; within PING_LIMIT_MS).
 */
export function isDatabaseUnreachable({ maxAgeMs = CHECK_EVERY_MS }: { maxAgeMs?: number } = {}): Promise<boolean> {
  if (Date.now() - health.at < maxAgeMs) return Promise.resolve(health.down);
  health.checking ??= ping()
    .then((reached) => {
      health.down = !reached;
      health.at = Date.now();
      return !reached;
    })
    .finally(() => {
      health.checking = null;
    });
  return health.checking;
}
