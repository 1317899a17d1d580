import { connectDb } from '@/lib/db';
import { TooManyRequestsError } from '@/lib/errors';
import { RateLimitHit } from '@/models';

export type Limit = { limit: number; windowSeconds: number };

/**
 * Counts an attempt under `key` and refuses it (429) past `limit` attempts in the window. One
 * document per attempt, counted afterwards: this holds across several app instances and under
 * concurrent requests, with no read-then-write counter to race.
 */
export async function hitRateLimit(key: string, { limit, windowSeconds }: Limit, message?: string): Promise<void> {
  await connectDb();
  const now = Date.now();
  await RateLimitHit.create({ key, at: new Date(now), expiresAt: new Date(now + windowSeconds * 1000) });
  const count = await RateLimitHit.countDocuments({ key, at: { $gt: new Date(now - windowSeconds * 1000) } });
  // Occasional clean-up where the server has no TTL indexes (FerretDB v1).
  if (Math.random() < 0.02) await RateLimitHit.deleteMany({ expiresAt: { $lt: new Date(now) } });
  if (count > limit) throw new TooManyRequestsError(message, windowSeconds);
}

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderSource, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The client's address as the nearest proxy saw it (the right-most X-Forwarded-For entry). */
export function clientIp(headers: HeaderSource): string {
  const forwarded = header(headers, 'x-forwarded-for');
  const last = forwarded
    ?.split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .pop();
  return last ?? header(headers, 'x-real-ip') ?? 'local';
}

/** The limits of the sensitive endpoints, per client address and per email. */
export const LIMITS = {
  signInPerIp: { limit: 30, windowSeconds: 15 * 60 },
  signInPerEmail: { limit: 10, windowSeconds: 15 * 60 },
  registerPerIp: { limit: 10, windowSeconds: 60 * 60 },
  registerPerEmail: { limit: 5, windowSeconds: 60 * 60 },
  mailPerIp: { limit: 10, windowSeconds: 60 * 60 },
  mailPerEmail: { limit: 5, windowSeconds: 60 * 60 },
  resetPerIp: { limit: 20, windowSeconds: 60 * 60 },
  resetPerEmail: { limit: 10, windowSeconds: 60 * 60 },
  uploadsPerUser: { limit: 60, windowSeconds: 60 * 60 },
} as const satisfies Record<string, Limit>;

/** Checks every limit in order; the first exceeded one answers 429. */
export async function enforceLimits(checks: Array<[key: string, limit: Limit]>, message?: string): Promise<void> {
  for (const [key, limit] of checks) await hitRateLimit(key, limit, message);
}
