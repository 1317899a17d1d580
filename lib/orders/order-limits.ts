import 'server-only';
import type { Types } from 'mongoose';
import type { Actor } from '@/lib/auth/policy';
import { connectDb } from '@/lib/platform/db';
import { env } from '@/lib/platform/env';
import { ValidationError } from '@/lib/platform/errors';
import { addressBucket, perAddress, takePlaces, type Reservation } from '@/lib/platform/rate-limit';
import { ORDER_MAX, ORDER_MAX_TEXT } from '@/lib/validations/orders';
import { StockHold } from '@/models';

/**
 * The limits on orders (DESIGN.md section 6a): how many a guest may place, what one client may hold
 * unpaid, and the size of any order on any path.
 */

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

/**
 * An email as the limits count it: one mailbox, one count. Case, a `+tag` (which most providers
 * deliver to the same mailbox) and the dots of providers that ignore them make no new email.
 */
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
      [`checkout:email:${countedEmail(email)}`, { limit: settings.GUEST_ORDERS_PER_EMAIL_PER_HOUR, windowSeconds: hour }],
    ],
    TOO_MANY_ORDERS,
  );
}

/** Who holds stock: the client's address, email and cart (a checkout's), each counted on its own. */
export type HoldClient = { ip: string | null; email: string; cart?: string };
export type HeldLine = { partId: Types.ObjectId; quantity: number; unitCents: number };

const holdKeys = ({ ip, email, cart }: HoldClient) => [
  ...(ip ? [`ip:${addressBucket(ip)}`] : []),
  `email:${countedEmail(email)}`,
  ...(cart ? [`cart:${cart}`] : []),
];

/** Whether the holds found under one key stay within UNPAID_HOLD_UNITS of each of these parts and UNPAID_HOLD_LIMIT in all. */
function withinLimits(
  holds: Array<{ parts: Array<{ partId: Types.ObjectId; units: number }>; cents: number }>,
  partIds: string[],
): boolean {
  const { UNPAID_HOLD_UNITS, UNPAID_HOLD_LIMIT } = env();
  const units = new Map<string, number>();
  let cents = 0;
  for (const hold of holds) {
    cents += hold.cents;
    for (const part of hold.parts) units.set(String(part.partId), (units.get(String(part.partId)) ?? 0) + part.units);
  }
  return cents <= UNPAID_HOLD_LIMIT * 100 && partIds.every((id) => (units.get(id) ?? 0) <= UNPAID_HOLD_UNITS);
}

/**
 * Whether an unpaid order may hold its stock until `until`: only while its client, under each of its
 * keys, holds at most UNPAID_HOLD_UNITS of each part and UNPAID_HOLD_LIMIT in all, this order included.
 * Past that the order takes its stock when it is paid. The holds are written first and counted after
 * (a hold that finds too much is taken back), so racing orders of one client never both get through:
 * the later writer of two always counts the earlier one. Release with releaseHold.
 */
export async function reserveHold(client: HoldClient, orderId: Types.ObjectId, lines: HeldLine[], until: Date): Promise<boolean> {
  const { UNPAID_HOLD_UNITS, UNPAID_HOLD_LIMIT } = env();
  const cents = lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0);
  if (cents > UNPAID_HOLD_LIMIT * 100 || lines.some((line) => line.quantity > UNPAID_HOLD_UNITS)) return false;
  const keys = holdKeys(client);
  const parts = lines.map((line) => ({ partId: line.partId, units: line.quantity }));
  await StockHold.insertMany(keys.map((key) => ({ key, orderId, parts, cents, until })));
  const now = new Date();
  const held = await StockHold.find({ key: { $in: keys }, until: { $gt: now } }, { key: 1, parts: 1, cents: 1 }).lean();
  const partIds = lines.map((line) => String(line.partId));
  if (
    keys.every((key) =>
      withinLimits(
        held.filter((hold) => hold.key === key),
        partIds,
      ),
    )
  )
    return true;
  await releaseHold(orderId);
  return false;
}

/** Ends an order's holds: it was paid, cancelled or never placed. */
export async function releaseHold(orderId: Types.ObjectId): Promise<void> {
  await StockHold.deleteMany({ orderId });
}

/** Removes holds that ended an hour ago or more (they no longer count): a periodic clean-up. */
export async function pruneHolds(now = new Date()): Promise<number> {
  await connectDb();
  const { deletedCount } = await StockHold.deleteMany({ until: { $lt: new Date(now.getTime() - 60 * 60_000) } });
  return deletedCount;
}
