import { isIP } from 'node:net';

/** Which client a request comes from, for per-address limits (DESIGN.md section 5); free of 'server-only' so scripts/serve.ts uses it. */

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

/** The client's address: the X-Forwarded-For entry `trustedHops` from the right; anything left of it is client-written and never read.
 * Without trusted proxies the header is ignored. */
export function resolveClientAddress(forwardedFor: string | undefined, socketAddress: string, trustedHops: number): string {
  const own = normalizeAddress(socketAddress) ?? socketAddress;
  if (trustedHops <= 0) return own;
  return forwardedAddress(forwardedFor, trustedHops) ?? own;
}

/** The X-Forwarded-For entry `trustedHops` from the right (left-most when fewer), or null. */
export function forwardedAddress(forwardedFor: string | undefined, trustedHops: number): string | null {
  const entries = (forwardedFor ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (!entries.length) return null;
  return normalizeAddress(entries[Math.max(0, entries.length - Math.max(1, trustedHops))]!);
}
