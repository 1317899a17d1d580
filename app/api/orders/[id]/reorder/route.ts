import { cartViewAnswer } from '@/lib/cart';
import { reorder, reorderCaller } from '@/lib/checkout';
import { otherMethods, route } from '@/lib/platform/http';

/** POST /api/orders/{id}/reorder: Order again, the order's lines back in the cart; answers the cart. */
export const POST = route<{ id: string }>(async (req, { id }) => {
  const { caller, actor } = await reorderCaller(req);
  return cartViewAnswer(caller, await reorder({ actor, owner: caller.owner }, id));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
