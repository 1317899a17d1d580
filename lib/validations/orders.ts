import { z } from 'zod';
import { formatPrice, fromCents } from '@/lib/core/money';
import { objectIdSchema } from './common';

export const minimumQuantityMessage = (minimum: number) => `Please Order minimum ${minimum} pieces`;

/** The size of any order, on every path (the spec's order, the cart, checkout): one maximum each. */
export const ORDER_MAX = { lineQuantity: 10_000, lines: 50, totalCents: 100_000_00 } as const;
export const ORDER_MAX_TEXT = {
  quantity: `Order at most ${ORDER_MAX.lineQuantity.toLocaleString('en-US')} pieces of a part`,
  lines: `An order holds at most ${ORDER_MAX.lines} different parts`,
  total: `An order can total at most ${formatPrice(fromCents(ORDER_MAX.totalCents))}: split it into several orders`,
} as const;

/** A line's quantity: whole pieces, at most ORDER_MAX.lineQuantity (the part's own minimum is checked where the part is known). */
export const lineQuantitySchema = z
  .number({ error: 'Quantity is Required' })
  .int('Order whole pieces')
  .max(ORDER_MAX.lineQuantity, ORDER_MAX_TEXT.quantity);

const address = z
  .string({ error: 'Address is Required' })
  .trim()
  .min(1, 'Address is Required')
  .min(6, 'Minimum 6 Character')
  .max(300, 'Address is too long');
const phone = z
  .string({ error: 'Number is Required' })
  .trim()
  .min(1, 'Number is Required')
  .min(6, 'Minimum 6 Character')
  .max(30, 'Number is too long');
const quantity = lineQuantitySchema;

/** The purchase form on a part page; the minimum comes from the part. */
export function purchaseFormSchema(minimumQuantity: number) {
  return z.object({ address, phone, quantity: quantity.min(minimumQuantity, minimumQuantityMessage(minimumQuantity)) });
}
export type PurchaseFormInput = z.infer<ReturnType<typeof purchaseFormSchema>>;

/** POST /api/order: price, part name and customer identity come from the database and session, never the request. */
export const placeOrderSchema = z.object({ partId: objectIdSchema, address, phone, quantity: quantity.min(1, minimumQuantityMessage(1)) });
export type PlaceOrderInput = z.infer<typeof placeOrderSchema>;

/** GET /api/order?email=: whose orders; none or blank means the caller's own. */
export const orderListQuerySchema = z.object({ email: z.string().trim().max(254, 'Provide a valid Email').optional() });

/** PUT /api/order/{id}: the spec's body for shipping. */
export const shipOrderSchema = z.object({ pending: z.literal('shipped', { error: 'Send { "pending": "shipped" } to ship an order' }) });

/** An optional shipping detail from the ship dialog: blank means not given. */
const shippingDetail = (label: string, max: number, pattern: RegExp) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} is too long`)
    .refine((value) => value === '' || pattern.test(value), `${label} has characters it cannot have`)
    .optional()
    .transform((value) => value || undefined);

/** PUT /api/order/{id} with the ship dialog's optional carrier and tracking number (beyond the spec's body). */
export const shipmentSchema = shipOrderSchema.extend({
  carrier: shippingDetail('Carrier', 60, /^[\p{L}\p{N} .&'()-]+$/u),
  trackingNumber: shippingDetail('Tracking number', 60, /^[A-Za-z0-9 -]+$/),
});

/** PUT /api/order/{id} with `{ pending: 'delivered' }` (beyond the spec): the day it arrived, in the shop's time zone; none means today. */
export const deliveryOrderSchema = z.object({
  pending: z.literal('delivered'),
  deliveredAt: z.iso
    .date({ error: 'Give the delivery date as YYYY-MM-DD' })
    .optional()
    .meta({ description: "The day the order arrived, in the shop's time zone; today when left out", example: '2026-11-27' }),
});

/** PUT /api/order/{id}: the step an admin takes, shipping or delivery, named by `pending`. */
export const orderStepSchema = z.discriminatedUnion('pending', [shipmentSchema, deliveryOrderSchema], {
  error: 'Send { "pending": "shipped" } to ship an order, or { "pending": "delivered" } to mark it delivered',
});

/** PATCH /api/order/{id}: the payment record the browser sends after the card was confirmed. */
export const payOrderSchema = z.object({
  payment: z.object({
    order: objectIdSchema.optional(),
    transactionId: z.string({ error: 'transactionId is required' }).trim().min(3, 'transactionId is required').max(255),
  }),
});

/** POST /api/create-payment-intent: the order to pay; a `price`, if sent, must equal the server's total. */
export const createIntentSchema = z.object({
  orderId: objectIdSchema,
  price: z.number().positive().optional(),
});

/** The offline test gateway's card form. */
export const testCardSchema = z.object({
  clientSecret: z.string().min(10).max(200),
  number: z.string().trim().max(40),
  expiry: z.string().trim().max(10),
  cvc: z.string().trim().max(10),
  name: z.string().trim().max(120).optional(),
  email: z.string().trim().max(254).optional(),
});
