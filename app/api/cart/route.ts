import { cartCaller, cartViewAnswer } from '@/lib/cart';
import { getCart } from '@/lib/cart';
import { otherMethods, route } from '@/lib/platform/http';

/** GET /api/cart: the caller's cart (a guest's by its cookie), each line flagged with what changed since it was added. */
export const GET = route(async (req) => {
  const caller = await cartCaller(req);
  return cartViewAnswer(caller, await getCart(caller.owner));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
