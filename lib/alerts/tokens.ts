import 'server-only';
import { appUrl } from '@/lib/platform/env';
import { signatureHolds, signText } from '@/lib/platform/signing';

/** An alert's unsubscribe link: `{id}.{serial}.{HMAC}`, good for that one subscription only (a later one with the same id has
 * another serial), and for nothing but unsubscribing. */
const PURPOSE = 'alert-unsubscribe';

export const alertToken = (id: string, serial: string) => `${id}.${serial}.${signText(PURPOSE, `${id}:${serial}`)}`;

/** The subscription a token names when its signature holds, else null. */
export function readAlertToken(token: string): { id: string; serial: string } | null {
  const [id, serial, given, extra] = token.split('.');
  if (!id || !serial || !given || extra !== undefined) return null;
  return signatureHolds(PURPOSE, `${id}:${serial}`, given) ? { id, serial } : null;
}

export const unsubscribePath = (token: string) => `/alerts/${token}`;
export const unsubscribeUrl = (id: string, serial: string) => `${appUrl()}${unsubscribePath(alertToken(id, serial))}`;
