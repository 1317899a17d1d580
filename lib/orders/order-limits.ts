import 'server-only';
import type { Actor } from '@/lib/auth';
import { env } from '@/lib/platform/env';
import { ValidationError } from '@/lib/core/errors';
import { perAddress, takePlaces, type Reservation } from '@/lib/rate-limit';
import { ORDER_MAX, ORDER_MAX_TEXT } from '@/lib/validations/orders';

/** The limits on orders (DESIGN.md section 6a); unpaid holds are lib/orders/holds.ts. */

export const TOO_MANY_ORDERS = 'Too many orders placed from here or with this email, please wait a while and try again';

/** Refuses (400) an order, or a cart about to become one, over any of the maximums in ORDER_MAX. */
export function assertOrderSize(lines: Array<{ quantity: number }>, totalCents: number): void {
  if (lines.length > ORDER_MAX.lines) throw new ValidationError(ORDER_MAX_TEXT.lines);
  if (lines.some((line) => line.quantity > ORDER_MAX.lineQuantity))
    throw new ValidationError(ORDER_MAX_TEXT.quantity, { quantity: [ORDER_MAX_TEXT.quantity] });
  if (totalCents > ORDER_MAX.totalCents) throw new ValidationError(ORDER_MAX_TEXT.total);
}

/** Mailbox providers known to ignore dots in the name part (Gmail's two domains are one). */
const DOTLESS_DOMAINS: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/** An email as the limits count it, so case, a `+tag` or ignored dots make no new mailbox. */
export function countedEmail(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at <= 0) return lower;
  let name = lower.slice(0, at).split('+')[0] || lower.slice(0, at);
  let domain = lower.slice(at + 1);
  const dotless = DOTLESS_DOMAINS[domain];
  if (dotless) {
    domain = dotless;
    name = name.replace(/\./g, '') || name;
  }
  return `${name}@${domain}`;
}

/** Guest-limit places for a guest or unverified account (anybody can register any address); null when verified.
 * The caller releases the places of a refused order. */
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
      [`checkout:email:${countedEmail(email)}`, { limit: settings.GUEST_ORDERS_PER_EMAIL_PER_HOUR, windowSeconds: hour }],
    ],
    TOO_MANY_ORDERS,
  );
}
