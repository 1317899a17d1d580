import 'server-only';
import type { Actor } from '@/lib/auth/policy';
import { env } from '@/lib/platform/env';
import { perAddress, takePlaces, type Reservation } from '@/lib/platform/rate-limit';

export const TOO_MANY_ORDERS = 'Too many orders placed from here or with this email, please wait a while and try again';

/**
 * An order placed by a guest, or by an account whose email is not verified (anybody can register any
 * address), takes a place under the guest limits, per client address and per email: an order holds
 * stock and sends mail to that email. Null for a verified account. The caller releases the places of
 * an order that was refused.
 */
export function unverifiedOrderPlaces(
  actor: Pick<Actor, 'emailVerified'> | null,
  email: string,
  ip: string | null,
): Promise<Reservation> | null {
  if (actor?.emailVerified) return null;
  const settings = env();
  const hour = 60 * 60;
  return takePlaces(
    [
      ...perAddress('checkout:ip', ip, { limit: settings.GUEST_ORDERS_PER_ADDRESS_PER_HOUR, windowSeconds: hour }),
      [`checkout:email:${email.toLowerCase()}`, { limit: settings.GUEST_ORDERS_PER_EMAIL_PER_HOUR, windowSeconds: hour }],
    ],
    TOO_MANY_ORDERS,
  );
}
