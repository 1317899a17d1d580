import { z } from 'zod';
import type { AddressDTO } from '@/lib/core/address';

/** Answer shapes shared by several domains' OpenAPI parts; requests reuse the routes' own schemas. Each is
 * type-checked against its lib/ type, so a DTO field missing here fails the type check. */

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
