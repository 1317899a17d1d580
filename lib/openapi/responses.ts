import { z } from 'zod';
import type { AddressDTO } from '@/lib/platform/types';
import type { CartLineView, CartView } from '@/lib/cart';

/**
 * The answer shapes more than one domain's part of the OpenAPI document uses; the others sit in each
 * domain's `openapi.ts`. Requests are described by the very schemas the routes parse with
 * (lib/validations); answers have no schema in the routes, so they are written once, each checked
 * against the lib/ type it describes (a field added to a DTO and not here fails the type check).
 */

export const id = z.string().regex(/^[a-f\d]{24}$/i);
export const dateTime = z.string().meta({ format: 'date-time' });
export const nullable = <T extends z.ZodType>(schema: T) => schema.nullable();

export const errorSchema = z
  .object({
    error: z.string(),
    fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
    success: z.literal(false).optional(),
    url: z.string().optional(),
  })
  .meta({ id: 'Error', description: 'Every refusal: the message, and per-field messages for a form' });

export const addressSchema: z.ZodType<AddressDTO> = z
  .object({
    name: z.string(),
    line1: z.string(),
    line2: nullable(z.string()),
    city: z.string(),
    region: nullable(z.string()),
    postalCode: z.string(),
    country: z.string(),
  })
  .meta({ id: 'Address' });

export const addressEntrySchema = z.object({ id, address: addressSchema, isDefault: z.boolean() }).strict();

export const ack = {
  inserted: z.object({ acknowledged: z.literal(true), insertedId: id }),
  deleted: z.object({ acknowledged: z.literal(true), deletedCount: z.number().int() }),
  modified: z.object({ acknowledged: z.literal(true), modifiedCount: z.number().int() }),
  message: z.object({ success: z.literal(true), message: z.string() }),
};

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
    problems: z.array(z.enum(['unavailable', 'price-raised', 'price-lowered', 'below-minimum', 'over-stock'])),
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
