import 'server-only';
import { connectDb } from '@/lib/platform/db';
import { isDuplicateKey, TooManyRequestsError } from '@/lib/core/errors';
import { forwardedAddress } from '@/lib/platform/client-address';
import { env } from '@/lib/platform/env';
import { RateLimitHit } from '@/models';

export type Limit = { limit: number; windowSeconds: number };

/** Now and then (one call in 50), removes the attempts and places whose window has ended. */
async function sweepExpired(now: number): Promise<void> {
  if (Math.random() < 0.02) await RateLimitHit.deleteMany({ expiresAt: { $lt: new Date(now) } });
}

/** Counts an attempt under `key` and refuses past `limit` (429); one document per attempt, so no read-then-write counter can race. */
export async function hitRateLimit(key: string, { limit, windowSeconds }: Limit, message?: string): Promise<void> {
  await connectDb();
  const now = Date.now();
  await RateLimitHit.create({ key, at: new Date(now), expiresAt: new Date(now + windowSeconds * 1000) });
  const count = await RateLimitHit.countDocuments({ key, at: { $gt: new Date(now - windowSeconds * 1000) } });
  // Occasional clean-up where the server has no TTL indexes (FerretDB v1).
  await sweepExpired(now);
  if (count > limit) throw new TooManyRequestsError(message, windowSeconds);
}

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderSource, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The client's address (lib/platform/client-address.ts); null outside the server, where per-address limits are skipped rather than
 * counted in one bucket shared by everybody. */
export function clientIp(headers: HeaderSource): string | null {
  return forwardedAddress(header(headers, 'x-forwarded-for'), env().TRUSTED_PROXY_HOPS);
}

/** The bucket of an address: IPv4 as it is, IPv6 by its /64 (the block one subscriber is given). */
export function addressBucket(address: string): string {
  if (!address.includes(':')) return address;
  // A dotted IPv4 tail stands for the last two groups.
  const withTail = address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_all, a: string, b: string, c: string, d: string) =>
    [
      [a, b],
      [c, d],
    ]
      .map(([high, low]) => ((Number(high) << 8) | Number(low)).toString(16))
      .join(':'),
  );
  const [head = '', tail] = withTail.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group || '0', 16).toString(16))
    .join(':')}::/64`;
}

/** A per-address limit's entry for `enforceLimits`, or none when the address is unknown. */
export function perAddress(prefix: string, address: string | null, limit: Limit): Array<[string, Limit]> {
  return address ? [[`${prefix}:${addressBucket(address)}`, limit]] : [];
}

/** The limits of the sensitive endpoints, per client address and per email. */
export const LIMITS = {
  // Failed sign-ins only: per (email, address), and far higher per email from everywhere, so a
  // stranger's wrong passwords cannot lock the account's owner out.
  signInFailuresPerEmailAndAddress: { limit: 10, windowSeconds: 15 * 60 },
  signInFailuresPerEmail: { limit: 100, windowSeconds: 60 * 60 },
  // Password spraying: one address trying a password on many accounts (OWASP ASVS 2.2.1); high
  // enough for an office behind one address. Its owner still signs in with an emailed link.
  signInFailuresPerAddress: { limit: 50, windowSeconds: 15 * 60 },
  registerPerIp: { limit: 10, windowSeconds: 60 * 60 },
  registerPerEmail: { limit: 5, windowSeconds: 60 * 60 },
  mailPerIp: { limit: 10, windowSeconds: 60 * 60 },
  mailPerEmail: { limit: 5, windowSeconds: 60 * 60 },
  resetPerIp: { limit: 20, windowSeconds: 60 * 60 },
  resetPerEmail: { limit: 10, windowSeconds: 60 * 60 },
  uploadsPerUser: { limit: 60, windowSeconds: 60 * 60 },
  // "Tell me when" alerts: a shopper sets a few; each sends at most one email.
  alertsPerIp: { limit: 30, windowSeconds: 60 * 60 },
  alertsPerEmail: { limit: 10, windowSeconds: 60 * 60 },
} as const satisfies Record<string, Limit>;

/** Checks every limit in order; the first exceeded one answers 429. */
export async function enforceLimits(checks: Array<[key: string, limit: Limit]>, message?: string): Promise<void> {
  for (const [key, limit] of checks) await hitRateLimit(key, limit, message);
}

export type Reservation = { release(): Promise<void> };

/** Reserves a place under every key first (429 at a limit), so a concurrent burst sees each other's places; `release()` takes it back. */
export async function reserveAttempt(checks: Array<[key: string, limit: Limit, message?: string]>, message?: string): Promise<Reservation> {
  await connectDb();
  const now = Date.now();
  const hits = await RateLimitHit.insertMany(
    checks.map(([key, { windowSeconds }]) => ({ key, at: new Date(now), expiresAt: new Date(now + windowSeconds * 1000) })),
  );
  const ids = hits.map((hit) => hit._id);
  const release = async () => {
    if (ids.length) await RateLimitHit.deleteMany({ _id: { $in: ids.splice(0) } });
  };
  for (const [key, { limit, windowSeconds }, own] of checks) {
    const count = await RateLimitHit.countDocuments({ key, at: { $gt: new Date(now - windowSeconds * 1000) } });
    if (count > limit) {
      await release();
      throw new TooManyRequestsError(own ?? message, windowSeconds);
    }
  }
  return { release };
}

/** Hot-path limit: fixed-window places, each a unique `_id`, so a free place costs one insert and no count (a FerretDB count reads
 * every attempt). `release()` gives them back. */
export async function takePlaces(checks: Array<[key: string, limit: Limit]>, message?: string): Promise<Reservation> {
  await connectDb();
  const now = Date.now();
  const taken: string[] = [];
  const release = async () => {
    if (taken.length) await RateLimitHit.collection.deleteMany({ _id: { $in: taken.splice(0) } } as never);
  };
  try {
    for (const [key, { limit, windowSeconds }] of checks) {
      const windowMs = windowSeconds * 1000;
      const window = Math.floor(now / windowMs);
      const ends = (window + 1) * windowMs;
      const first = Math.floor(Math.random() * limit);
      let place: string | null = null;
      for (let i = 0; i < limit && !place; i++) {
        const id = `${key}@${window}#${((first + i) % limit) + 1}`;
        try {
          // Through the driver: the place's _id is this text, not an ObjectId as the attempts' are.
          await RateLimitHit.collection.insertOne({ _id: id, key, at: new Date(now), expiresAt: new Date(ends) } as never);
          place = id;
        } catch (error) {
          if (!isDuplicateKey(error)) throw error;
        }
      }
      if (!place) throw new TooManyRequestsError(message, Math.max(1, Math.ceil((ends - now) / 1000)));
      taken.push(place);
    }
  } catch (error) {
    await release();
    throw error;
  }
  await sweepExpired(now);
  return { release };
}
