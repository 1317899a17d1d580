import 'server-only';
import type { NextRequest } from 'next/server';
import { assertCustomer, SESSION_EXPIRED, type Actor } from '@/lib/auth';
import { addOrderedLines, type CartView } from '@/lib/cart';
import { cartCaller, type CartCaller } from '@/lib/cart';
import { getOrder } from '@/lib/orders';
import { orderLinkActor } from '@/lib/orders';
import { ORDER_TOKEN_HEADER } from '@/lib/orders';
import { UnauthorizedError } from '@/lib/core/errors';

/** Order again's caller: a customer, or a guest with the order's signed link (`X-Order-Token`); otherwise 401, an admin 403. */
export async function reorderCaller(req: NextRequest): Promise<{ caller: CartCaller; actor: Actor }> {
  const caller = await cartCaller(req);
  const actor = caller.actor ?? (await orderLinkActor(req.headers.get(ORDER_TOKEN_HEADER)));
  if (!actor) throw new UnauthorizedError(SESSION_EXPIRED);
  return { caller, actor };
}

/** Order again (issue 44): the lines of an order the buyer may see (else 404) back in the cart, flagged as the cart flags them. */
export async function reorder(buyer: { actor: Actor; owner: string }, orderId: string): Promise<CartView> {
  assertCustomer(buyer.actor);
  const order = await getOrder(buyer.actor, orderId);
  return addOrderedLines(
    buyer.owner,
    order.lines.map((line) => ({ partId: line.partId, quantity: line.quantity, unitPrice: line.unitPrice })),
  );
}
