import 'server-only';
import { connectDb } from '@/lib/platform/db';
import { Order } from '@/models';
import { toOrderDTO, type LeanOrder } from './dto';
import type { OrderDTO } from './types';

/** Paid orders that still stand and carry a core deposit on a line, newest first (the held-deposits view reads them). */
export async function ordersWithCores(limit = 500): Promise<OrderDTO[]> {
  await connectDb();
  const orders = await Order.find({
    paid: true,
    cancelledAt: null,
    $or: [{ 'lines.coreCharge': { $gt: 0 } }, { coreCharge: { $gt: 0 } }],
  })
    .sort({ createdAt: -1, _id: -1 })
    .limit(limit)
    .lean<LeanOrder[]>();
  return orders.map(toOrderDTO);
}
