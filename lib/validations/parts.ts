import { z } from 'zod';
import { hasAtMostTwoDecimals } from '@/lib/money';
import { imageUrlSchema } from './common';

const wholeNumber = (required: string) =>
  z.number({ error: required }).int('Use a whole number').min(0, 'Quantity cannot be negative').max(1_000_000, 'That is too many');

/** Add Product and Edit Product: the form's resolver and the route handlers share it. */
export const partInputSchema = z.object({
  name: z.string({ error: 'Name is Required' }).trim().min(1, 'Name is Required').max(120, 'Name is too long'),
  price: z
    .number({ error: 'Price is Required' })
    .positive('Price must be more than 0')
    .max(1_000_000, 'Price is too high')
    .refine(hasAtMostTwoDecimals, 'Price can have at most two decimals'),
  availableQuantity: wholeNumber('Give some Quantity'),
  minimumQuantity: wholeNumber('Give minimum Quantity of product').min(1, 'Minimum quantity must be at least 1'),
  img: imageUrlSchema,
  // The spec's wording for an empty description is 'Review is Required'.
  description: z
    .string({ error: 'Review is Required' })
    .trim()
    .min(1, 'Review is Required')
    .min(50, 'Give Description 50 characters or longer')
    .max(5000, 'Description is too long'),
});
export type PartInput = z.infer<typeof partInputSchema>;

/**
 * `PUT /api/parts/{id}`: any field of the part. A new availableQuantity becomes a ledger move of the
 * difference from `expectedAvailableQuantity` (the stock the admin saw), so orders placed meanwhile stay.
 */
export const partUpdateSchema = partInputSchema.partial().extend({
  expectedAvailableQuantity: z.number().int().min(0).optional(),
});
export type PartUpdate = z.infer<typeof partUpdateSchema>;
