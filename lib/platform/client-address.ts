import { isIP } from 'node:net';

/**
 * Which client a request comes from, for the per-address rate limits (DESIGN.md section 5). Pure and
 * free of 'server-only': the app reads X-Forwarded-For with it (lib/platform/rate-limit.ts), and on a host with
 * no proxy in front scripts/serve.ts writes the connection's address there before Next.js sees a request.
 */

/** An address as written by a socket or a proxy, without port, brackets or the IPv4-in-IPv6 prefix; null when it is none. */
export function normalizeAddress(raw: string): string | null {
  let value = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1]!;
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(':'));
  const mapped = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/i.exec(value);
  if (mapped) value = mapped[1]!;
  const version = isIP(value);
  if (version === 4) return value;
  if (version === 6) return value.toLowerCase();
  return null;
}

/**
 * The client's address: the connection's own, unless `trustedHops` proxies stand in front of the app,
 * each appending the address it saw to X-Forwarded-For. Then the entry `trustedHops` from the right is
 * the address the outermost trusted proxy saw; everything left of it was written by the client and is
 * never read. With fewer entries than proxies, the left-most one is still a proxy's. Without trusted
 * proxies the header is ignored, so a client-sent X-Forwarded-For changes nothing.
 */
export function resolveClientAddress(forwardedFor: string | undefined, socketAddress: string, trustedHops: number): string {
  const own = normalizeAddress(socketAddress) ?? socketAddress;
  if (trustedHops <= 0) return own;
  return forwardedAddress(forwardedFor, trustedHops) ?? own;
}

/**
 * The X-Forwarded-For entry `trustedHops` from the right (the left-most when there are fewer), as an
 * address; null when the header holds none there.
 */
export function forwardedAddress(forwardedFor: string | undefined, trustedHops: number): string | null {
  const entries = (forwardedFor ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (!entries.length) return null;
  return normalizeAddress(entries[Math.max(0, entries.length - Math.max(1, trustedHops))]!);
}
