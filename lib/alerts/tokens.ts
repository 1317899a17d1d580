import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { appUrl, authSecret } from '@/lib/platform/env';

/** An alert's unsubscribe link: `{id}.{serial}.{HMAC}`, good for that one subscription only (a later one with the same id has
 * another serial), and for nothing but unsubscribing. */
const signature = (id: string, serial: string) =>
  createHmac('sha256', authSecret()).update(`alert-unsubscribe:${id}:${serial}`).digest('base64url');

export const alertToken = (id: string, serial: string) => `${id}.${serial}.${signature(id, serial)}`;

/** The subscription a token names when its signature holds, else null. */
export function readAlertToken(token: string): { id: string; serial: string } | null {
  const [id, serial, given, extra] = token.split('.');
  if (!id || !serial || !given || extra !== undefined) return null;
  const expected = Buffer.from(signature(id, serial));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? { id, serial } : null;
}

export const unsubscribePath = (token: string) => `/alerts/${token}`;
export const unsubscribeUrl = (id: string, serial: string) => `${appUrl()}${unsubscribePath(alertToken(id, serial))}`;
