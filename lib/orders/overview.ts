import 'server-only';
import type { Types } from 'mongoose';
import { assertAdmin, type Actor } from '@/lib/auth';
import { connectDb } from '@/lib/platform/db';
import { orderTotalCents } from '@/lib/orders/money';
import { Order, Part } from '@/models';

/** The admin overview's figures with plain find/count (nothing FerretDB v1 lacks); on FerretDB the counts scan the orders, so at
 * scale revenue would need a rollup written at payment. */

export const REVENUE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const LOW_STOCK_SHOWN = 20;

export type LowStockPart = { _id: string; name: string; availableQuantity: number; minimumQuantity: number };
export type RevenueDay = { day: string; cents: number; orders: number };
export type AdminOverview = {
  toShip: number;
  unpaidOverADay: number;
  lowStock: LowStockPart[];
  lowStockCount: number;
  revenue: RevenueDay[];
  revenueCents: number;
};

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** The 30 UTC days ending today, oldest first, each with the paid orders' total in cents. */
export function revenueByDay(
  paid: Array<{ price: number; quantity: number; totalCents?: number | null; paidAt: Date }>,
  now: Date,
): RevenueDay[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const days = new Map<string, RevenueDay>();
  for (let i = REVENUE_DAYS - 1; i >= 0; i--) {
    const day = utcDay(new Date(today - i * DAY_MS));
    days.set(day, { day, cents: 0, orders: 0 });
  }
  for (const order of paid) {
    const entry = days.get(utcDay(new Date(order.paidAt)));
    if (!entry) continue;
    entry.cents += orderTotalCents(order);
    entry.orders += 1;
  }
  return [...days.values()];
}

export async function getAdminOverview(actor: Pick<Actor, 'isAdmin'>, now = new Date()): Promise<AdminOverview> {
  assertAdmin(actor);
  await connectDb();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = new Date(today - (REVENUE_DAYS - 1) * DAY_MS);
  const [toShip, unpaidOverADay, parts, paid] = await Promise.all([
    Order.countDocuments({ paid: true, status: 'pending', cancelledAt: null }),
    Order.countDocuments({ paid: false, cancelledAt: null, createdAt: { $lt: new Date(now.getTime() - DAY_MS) } }),
    Part.find({}, { name: 1, availableQuantity: 1, minimumQuantity: 1, archivedAt: 1 }).lean<
      Array<{ _id: Types.ObjectId; name: string; availableQuantity: number; minimumQuantity: number; archivedAt?: Date | null }>
    >(),
    Order.find({ paid: true, paidAt: { $gte: since } }, { price: 1, quantity: 1, totalCents: 1, paidAt: 1 }).lean<
      Array<{ price: number; quantity: number; totalCents?: number | null; paidAt: Date }>
    >(),
  ]);
  // Archived parts are off sale: nobody restocks them.
  const low = parts
    .filter((part) => !part.archivedAt && part.availableQuantity <= part.minimumQuantity)
    .sort((a, b) => a.availableQuantity - a.minimumQuantity - (b.availableQuantity - b.minimumQuantity) || a.name.localeCompare(b.name));
  const revenue = revenueByDay(paid, now);
  return {
    toShip,
    unpaidOverADay,
    lowStock: low.slice(0, LOW_STOCK_SHOWN).map((part) => ({
      _id: String(part._id),
      name: part.name,
      availableQuantity: part.availableQuantity,
      minimumQuantity: part.minimumQuantity,
    })),
    lowStockCount: low.length,
    revenue,
    revenueCents: revenue.reduce((sum, day) => sum + day.cents, 0),
  };
}
