import { z } from 'zod';
import { addLinesToCart, cartCaller, cartViewAnswer } from '@/lib/cart';
import { addToCart } from '@/lib/cart';
import { otherMethods, parseInput, readJson, route } from '@/lib/platform/http';
import { addCartLineSchema, addCartLinesSchema } from '@/lib/validations/checkout';

/** POST /api/cart/lines `{ partId, quantity, fit? }`: adds to the part's line (or a new line); answers the cart.
 * `{ lines: [{ partId, quantity }], vehicle }`: several at once (a job kit), all or nothing, each checked to fit the vehicle. */
export const POST = route(async (req) => {
  const caller = await cartCaller(req);
  const body = await readJson(req, z.unknown());
  if (body && typeof body === 'object' && 'lines' in body) {
    const { lines, vehicle } = parseInput(addCartLinesSchema, body);
    return cartViewAnswer(caller, await addLinesToCart(caller.owner, lines, vehicle), 201);
  }
  const { partId, quantity, fit } = parseInput(addCartLineSchema, body);
  return cartViewAnswer(caller, await addToCart(caller.owner, partId, quantity, fit), 201);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
