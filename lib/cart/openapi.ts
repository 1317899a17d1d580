import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { cartSchema } from '@/lib/openapi/responses';
import { body, CART_CALLER, errors, json, op, WRITE_ERRORS } from '@/lib/openapi/shared';
import { addCartLineSchema, cartQuantitySchema } from '@/lib/validations/checkout';
import { objectIdSchema } from '@/lib/validations/common';

/** The cart calls for the OpenAPI document. */

const partIdParam = z.object({ partId: objectIdSchema });

export const cartPaths: ZodOpenApiPathsObject = {
  '/api/cart': {
    get: op('Cart', "The caller's cart: each line flagged with what changed since it was added", {
      operationId: 'getCart',
      security: CART_CALLER,
      responses: { '200': json(cartSchema, 'The cart'), ...errors(401) },
    }),
  },
  '/api/cart/lines': {
    post: op('Cart', "Add a part to the cart (to its line if it has one); the part's minimum and stock apply", {
      operationId: 'addCartLine',
      security: CART_CALLER,
      requestBody: body(addCartLineSchema),
      responses: { '201': json(cartSchema, 'The cart'), ...errors(...WRITE_ERRORS, 404, 409) },
    }),
  },
  '/api/cart/lines/{partId}': {
    patch: op('Cart', "Set a line's quantity", {
      operationId: 'setCartLine',
      security: CART_CALLER,
      requestParams: { path: partIdParam },
      requestBody: body(cartQuantitySchema),
      responses: { '200': json(cartSchema, 'The cart'), ...errors(...WRITE_ERRORS, 404, 409) },
    }),
    delete: op('Cart', 'Remove a line', {
      operationId: 'removeCartLine',
      security: CART_CALLER,
      requestParams: { path: partIdParam },
      responses: { '200': json(cartSchema, 'The cart'), ...errors(401, 403, 404, 429) },
    }),
  },
};
