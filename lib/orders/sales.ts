import 'server-only';
import type { Types } from 'mongoose';
import { cacheForMinutes } from '@/lib/platform/cache';
import { connectDb } from '@/lib/platform/db';
import { Order } from '@/models';

type SoldOrder = { partId: Types.ObjectId; quantity: number; lines?: Array<{ partId: Types.ObjectId; quantity: number }> | null };

/** Units of each part (by id) in paid orders that were not cancelled: the job kits' best sellers. One read of the paid
 * orders, kept in the shared cache for minutes (every instance reads the same database and, with REDIS_URL, the same entry). */
export async function unitsSoldByPart(): Promise<Record<string, number>> {
  'use cache';
  cacheForMinutes();
  await connectDb();
  const tally: Record<string, number> = {};
  const orders = Order.collection.find<SoldOrder>(
    { paid: true, cancelledAt: null },
    { projection: { partId: 1, quantity: 1, lines: 1 }, batchSize: 1000 },
  );
  for await (const order of orders) {
    // A checkout order's top-level part is its first line's: count its lines only.
    for (const line of order.lines?.length ? order.lines : [order]) {
      const id = String(line.partId);
      tally[id] = (tally[id] ?? 0) + line.quantity;
    }
  }
  return tally;
}

type DeliveredOrder = {
  partId?: unknown;
  quantity: number;
  lines?: Array<{ partId: unknown; quantity: number; fit?: { vehicle?: string } }>;
};

/**
 * Units on delivered orders' lines, by part and by the vehicle a line was confirmed for (its words, trimmed and lower-case).
 * Read on demand with a cursor over the delivered orders: the wrong-fit rate is an admin's occasional question.
 */
export async function unitsDelivered(): Promise<{ byPart: Map<string, number>; byVehicle: Map<string, number> }> {
  await connectDb();
  const byPart = new Map<string, number>();
  const byVehicle = new Map<string, number>();
  const orders = Order.collection.find<DeliveredOrder>(
    { status: 'delivered', cancelledAt: null },
    { projection: { partId: 1, quantity: 1, lines: 1 }, batchSize: 1000 },
  );
  for await (const order of orders) {
    for (const line of order.lines?.length ? order.lines : [order]) {
      const id = String(line.partId);
      byPart.set(id, (byPart.get(id) ?? 0) + line.quantity);
      const vehicle = 'fit' in line ? line.fit?.vehicle : undefined;
      if (vehicle) byVehicle.set(vehicleWords(vehicle), (byVehicle.get(vehicleWords(vehicle)) ?? 0) + line.quantity);
    }
  }
  return { byPart, byVehicle };
}

/** A vehicle's words compared without regard to case and spacing ("2016 Toyota  Corolla" is "2016 toyota corolla"). */
export const vehicleWords = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
