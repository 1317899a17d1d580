import { NextResponse } from 'next/server';
import { requireActor } from '@/lib/auth';
import { otherMethods, parseInput, readJson, route, searchParamsOf } from '@/lib/platform/http';
import { placeOnce } from '@/lib/orders';
import { clientIp } from '@/lib/rate-limit';
import { listOrdersOf, placeOrder, recoverPlacedOrder } from '@/lib/orders';
import { orderListQuerySchema, placeOrderSchema } from '@/lib/validations/orders';

/** POST /api/order `{ partId, address, phone, quantity }`, all else from the server; an `Idempotency-Key` replays the first answer.
 * An unverified account orders under the guest limits (429 past them). */
export const POST = route(async (req) => {
  const actor = await requireActor(req);
  const input = await readJson(req, placeOrderSchema);
  const answer = await placeOnce(
    req,
    { scope: 'order', caller: actor._id, body: input },
    (orderId) => placeOrder(actor, input, { signal: req.signal, ip: clientIp(req.headers), orderId }),
    recoverPlacedOrder,
  );
  return NextResponse.json(answer.body, { status: answer.status });
});

/** GET /api/order?email=: that customer's orders, newest first (own, or any for an admin); a blank email means the caller's own. */
export const GET = route(async (req) => {
  const actor = await requireActor(req);
  const { email } = parseInput(orderListQuerySchema, searchParamsOf(req));
  return NextResponse.json(await listOrdersOf(actor, email || actor.email));
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
