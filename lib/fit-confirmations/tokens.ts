import 'server-only';
import { appUrl } from '@/lib/platform/env';
import { signatureHolds, signText } from '@/lib/platform/signing';

/** The fit-check email's one-click links: `/fit/{orderId}.{partId}.{HMAC}?fits=yes|no`, good for that order line only and
 * for nothing but answering it; single use because a line is answered once (lib/fit-confirmations/confirm.ts). */
const PURPOSE = 'fit-confirmation';
const ID = /^[a-f\d]{24}$/;

export const fitToken = (orderId: string, partId: string) => `${orderId}.${partId}.${signText(PURPOSE, `${orderId}:${partId}`)}`;

/** The order line a token names when its signature holds, else null. */
export function readFitToken(token: string | null | undefined): { orderId: string; partId: string } | null {
  const [orderId, partId, given, extra] = (token ?? '').split('.');
  if (!orderId || !partId || !given || extra !== undefined || !ID.test(orderId) || !ID.test(partId)) return null;
  return signatureHolds(PURPOSE, `${orderId}:${partId}`, given) ? { orderId, partId } : null;
}

export const fitAnswerPath = (token: string) => `/fit/${token}`;
export const fitAnswerUrl = (orderId: string, partId: string, fits: boolean) =>
  `${appUrl()}${fitAnswerPath(fitToken(orderId, partId))}?fits=${fits ? 'yes' : 'no'}`;
