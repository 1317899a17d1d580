import { cartCaller, cartViewAnswer } from '@/lib/cart';
import { removeFromCart, setCartQuantity } from '@/lib/cart';
import { otherMethods, readJson, route } from '@/lib/platform/http';
import { cartQuantitySchema } from '@/lib/validations/checkout';

type Params = { partId: string };

/** PATCH /api/cart/lines/{partId} `{ quantity }`: sets the line's quantity; answers the cart. */
export const PATCH = route<Params>(async (req, { partId }) => {
  const caller = await cartCaller(req);
  const { quantity } = await readJson(req, cartQuantitySchema);
  return cartViewAnswer(caller, await setCartQuantity(caller.owner, partId, quantity));
});

/** DELETE /api/cart/lines/{partId}: removes the line; answers the cart. */
export const DELETE = route<Params>(async (req, { partId }) => {
  const caller = await cartCaller(req);
  return cartViewAnswer(caller, await removeFromCart(caller.owner, partId));
});

export const { GET, POST, PUT, OPTIONS } = otherMethods({ PATCH, DELETE });
