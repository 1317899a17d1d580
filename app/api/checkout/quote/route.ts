import { cartAnswer, cartCaller } from '@/lib/cart';
import { quoteFor } from '@/lib/checkout';
import { otherMethods, readJson, route } from '@/lib/platform/http';
import { quoteSchema } from '@/lib/validations/checkout';

/** POST /api/checkout/quote: the caller's cart (or one part at its minimum) delivered cost by every shipping method. */
export const POST = route(async (req) => {
  const caller = await cartCaller(req);
  return cartAnswer(
    { ...caller, cookie: caller.cookie === 'clear' ? 'clear' : null },
    await quoteFor(caller, await readJson(req, quoteSchema)),
  );
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
