import { cartCaller, cartViewAnswer } from '@/lib/cart';
import { addToCart } from '@/lib/cart';
import { otherMethods, readJson, route } from '@/lib/platform/http';
import { addCartLineSchema } from '@/lib/validations/checkout';

/** POST /api/cart/lines `{ partId, quantity, fit? }`: adds to the part's line (or a new line); answers the cart. */
export const POST = route(async (req) => {
  const caller = await cartCaller(req);
  const { partId, quantity, fit } = await readJson(req, addCartLineSchema);
  return cartViewAnswer(caller, await addToCart(caller.owner, partId, quantity, fit), 201);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
