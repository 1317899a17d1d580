import 'server-only';
import type { NextRequest } from 'next/server';
import { assertWriteOrigin, resolveActor, SESSION_EXPIRED, type Actor } from '@/lib/auth';
import { connectDb } from '@/lib/platform/db';
import { UnauthorizedError } from '@/lib/core/errors';
import { Order } from '@/models';
import { guestTokenOpens, guestTokenOrderId, ORDER_TOKEN_HEADER } from './guest-links';

/** The caller of an order's calls: a signed-in user, or a guest with the order's signed link (`X-Order-Token`), for that order only. */
export async function requireOrderActor(req: NextRequest): Promise<Actor> {
  const actor = await resolveActor(req);
  if (actor) {
    assertWriteOrigin(req, actor);
    return actor;
  }
  const linked = await orderLinkActor(req.headers.get(ORDER_TOKEN_HEADER));
  if (!linked) throw new UnauthorizedError(SESSION_EXPIRED);
  return linked;
}

/** The guest a valid order link stands for; null for anything else. */
export async function orderLinkActor(token: string | null | undefined): Promise<Actor | null> {
  const orderId = guestTokenOrderId(token);
  if (!orderId) return null;
  await connectDb();
  const order = await Order.findById(orderId, { email: 1, name: 1, guest: 1, createdAt: 1 }).lean<{
    email: string;
    name: string;
    guest?: boolean;
    createdAt: Date;
  }>();
  if (!order?.guest || !guestTokenOpens(token, orderId, order.email)) return null;
  return {
    _id: `guest:${orderId}`,
    email: order.email,
    name: order.name,
    role: null,
    emailVerified: false,
    hasPassword: false,
    sessionVersion: 0,
    createdAt: new Date(order.createdAt).toISOString(),
    isAdmin: false,
    via: 'order-link',
    orderScope: orderId,
  };
}
