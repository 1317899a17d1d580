import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { authSecret } from '@/lib/platform/env';

/** The shop's signed links: an HMAC of `{purpose}:{text}` under the session secret, so a signature made for one purpose
 * never opens another. */
export const signText = (purpose: string, text: string) =>
  createHmac('sha256', authSecret()).update(`${purpose}:${text}`).digest('base64url');

/** Whether `given` is the signature of `text` for `purpose`, compared in constant time. */
export function signatureHolds(purpose: string, text: string, given: string): boolean {
  const expected = Buffer.from(signText(purpose, text));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
