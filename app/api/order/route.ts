import { NextResponse } from 'next/server';
import { requireActor } from '@/lib/auth/policy';
import { otherMethods, parseInput, readJson, route, searchParamsOf } from '@/lib/platform/http';
import type { Types } from 'mongoose';
import { once, parseIdempotencyKey, recovered } from '@/lib/orders/idempotency';
import { clientIp } from '@/lib/platform/rate-limit';
import { listOrdersOf, placeOrder, recoverPlacedOrder } from '@/lib/orders';
import { orderListQuerySchema, placeOrderSchema } from '@/lib/validations/orders';

/**
 * POST /api/order: `{ partId, address, phone, quantity }`; everything else comes from the server.
 * Answers `insertedId`. With an `Idempotency-Key` header a retried submission gets the first answer.
 * An account whose email is not verified orders under the guest limits (429 past them).
 */
export const POST = route(async (req) => {
  const actor = await requireActor(req);
  const input = await readJson(req, placeOrderSchema);
  const key = parseIdempotencyKey(req.headers.get('idempotency-key'));
  const place = async (orderId?: Types.ObjectId) => ({
    status: 201,
    body: await placeOrder(actor, input, { signal: req.signal, ip: clientIp(req.headers), orderId }),
  });
  const answer = key
    ? await once(
        { scope: 'order', caller: actor._id, key, body: input },
        { run: place, recover: async (orderId) => recovered(await recoverPlacedOrder(orderId)) },
      )
    : await place();
  return NextResponse.json(answer.body, { status: answer.status });
});

/**
 * GET /api/order?email=...: that customer's orders, newest first (own email, or any for an admin).
 * No email, or a blank one (`?email=`, as a form with an empty field sends it), means the caller's own.
 */
export const GET = route(async (req) => {
  const actor = await requireActor(req);
  const { email } = parseInput(orderListQuerySchema, searchParamsOf(req));
  return NextResponse.json(await listOrdersOf(actor, email || actor.email));
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
