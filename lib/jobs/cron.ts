import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';
import { cronSecret } from '@/lib/platform/env';
import { NotFoundError, UnauthorizedError } from '@/lib/core/errors';
import { isJobName, runJob } from '@/lib/jobs/jobs';

/** Job routes (`GET /api/cron/{job}`) run only with `Authorization: Bearer <CRON_SECRET>`. */
export const CRON_UNAUTHORIZED = 'This job needs the cron secret';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** True when the header carries the cron secret; compared in constant time (both sides hashed to one length). */
export function isCronAuthorized(authorization: string | null): boolean {
  const secret = cronSecret();
  if (!secret || !authorization) return false;
  return timingSafeEqual(digest(authorization), digest(`Bearer ${secret}`));
}

/** Checks the caller, then runs the named job once: `{ job, ms, result }`. */
export async function runCronJob(authorization: string | null, name: string): Promise<{ job: string; ms: number; result: unknown }> {
  if (!isCronAuthorized(authorization)) throw new UnauthorizedError(CRON_UNAUTHORIZED);
  if (!isJobName(name)) throw new NotFoundError('No such job');
  const started = Date.now();
  const result = (await runJob(name)) ?? null;
  return { job: name, ms: Date.now() - started, result };
}
