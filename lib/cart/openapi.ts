import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { id, nullable } from '@/lib/openapi/responses';
import type { CartLineView, CartView } from './cart';
import { body, CART_CALLER, errors, json, op, WRITE_ERRORS } from '@/lib/openapi/shared';
import { addCartLineSchema, addCartLinesSchema, cartQuantitySchema } from '@/lib/validations/checkout';
import { objectIdSchema } from '@/lib/validations/common';
import { lineFitSchema } from '@/lib/orders/openapi';

export const cartLineSchema: z.ZodType<CartLineView> = z
  .object({
    partId: id,
    name: z.string(),
    img: nullable(z.string()),
    brand: nullable(z.string()),
    partNumber: nullable(z.string()),
    category: nullable(z.string()),
    unit: z.string(),
    unitPrice: z.number(),
    addedPrice: z.number(),
    quantity: z.number().int(),
    minimumQuantity: z.number().int(),
    availableQuantity: z.number().int(),
    lineTotal: z.number(),
    weightKg: nullable(z.number()),
    core: nullable(z.object({ unitPrice: z.number(), quantity: z.number().int(), lineTotal: z.number() }).strict()).meta({
      description: "The part's core deposit, its own line: per unit, at this line's quantity; null: none",
    }),
    problems: z.array(z.enum(['unavailable', 'price-raised', 'price-lowered', 'below-minimum', 'over-stock'])),
    fit: lineFitSchema.optional(),
  })
  .strict()
  .meta({ id: 'CartLine' });

export const cartSchema: z.ZodType<CartView> = z
  .object({
    lines: z.array(cartLineSchema),
    count: z.number().int(),
    lineCount: z.number().int(),
    subtotal: z.number(),
    currency: z.literal('usd'),
    leftInGuestCart: z
      .number()
      .int()
      .optional()
      .meta({ description: 'Lines of the cart filled before signing in that did not fit into this one: they wait there' }),
  })
  .strict()
  .meta({ id: 'Cart' });

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
    post: op(
      'Cart',
      "Add a part to the cart (to its line if it has one), or several at once for a vehicle (a job kit: all or nothing, each checked to fit); the parts' minimum and stock apply",
      {
        operationId: 'addCartLine',
        security: CART_CALLER,
        requestBody: body(z.union([addCartLineSchema, addCartLinesSchema])),
        responses: { '201': json(cartSchema, 'The cart'), ...errors(...WRITE_ERRORS, 404, 409) },
      },
    ),
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
