import 'server-only';
import { assertAdmin, type Actor } from '@/lib/auth';
import { fromCents, toCents } from '@/lib/core/money';
import { ordersWithCores } from '@/lib/orders';
import { unitsBefore } from './plan';
import { coreClaimsByOrder } from './refund';
import type { HeldDepositDTO, HeldDepositsDTO } from './types';

/** Core deposits the shop still holds: cores paid for whose refund or forfeit has not been claimed (admins). */

export async function listHeldDeposits(actor: Actor): Promise<HeldDepositsDTO> {
  assertAdmin(actor);
  const orders: HeldDepositDTO[] = [];
  let cores = 0;
  let totalCents = 0;
  const [withCores, claims] = await Promise.all([ordersWithCores(), coreClaimsByOrder()]);
  for (const order of withCores) {
    const history = claims.get(order._id) ?? [];
    let orderCents = 0;
    const lines = order.lines.flatMap((line) => {
      if (!line.core) return [];
      const held = line.core.quantity - unitsBefore(history, line.partId, true);
      if (held <= 0) return [];
      const cents = toCents(line.core.unitPrice) * held;
      orderCents += cents;
      cores += held;
      return [{ partId: line.partId, partName: line.partName, unitPrice: line.core.unitPrice, quantity: held, amount: fromCents(cents) }];
    });
    if (!lines.length) continue;
    totalCents += orderCents;
    orders.push({
      orderId: order._id,
      orderNumber: order.number,
      email: order.email,
      deliveredAt: order.deliveredAt,
      lines,
      amount: fromCents(orderCents),
    });
  }
  return { orders, cores, total: fromCents(totalCents) };
}
