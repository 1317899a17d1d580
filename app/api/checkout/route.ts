import { cartAnswer, cartCaller } from '@/lib/cart';
import { placeCheckout, recoverCheckout } from '@/lib/checkout';
import type { PlacedCheckout } from '@/lib/checkout';
import { rememberGuestOrder } from '@/lib/orders';
import { placeOnce } from '@/lib/orders';
import { otherMethods, readJson, route } from '@/lib/platform/http';
import { clientIp } from '@/lib/rate-limit';
import { checkoutSchema } from '@/lib/validations/checkout';

/** POST /api/checkout: the cart becomes one order (201), or 409 with the new quote; an `Idempotency-Key` replays the first answer. */
export const POST = route(async (req) => {
  const caller = await cartCaller(req);
  const input = await readJson(req, checkoutSchema);
  const answer = await placeOnce(
    req,
    { scope: 'checkout', caller: caller.owner, body: input },
    (orderId) => placeCheckout(caller, input, { signal: req.signal, ip: clientIp(req.headers), orderId }),
    recoverCheckout,
  );
  const res = cartAnswer({ ...caller, cookie: caller.cookie === 'clear' ? 'clear' : null }, answer.body, answer.status);
  // A guest's cart page offers the order to pay until it is paid (Back from its payment page lands there).
  if (!caller.actor && answer.status === 201 && input.email) rememberGuestOrder(res, (answer.body as PlacedCheckout).orderId, input.email);
  return res;
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
