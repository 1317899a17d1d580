import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import type { SavedAddresses } from '@/lib/checkout/checkout';
import type { Quote } from '@/lib/checkout/quote';
import { cartLineSchema, cartSchema } from '@/lib/cart/openapi';
import { addressEntrySchema, addressSchema, id, nullable } from '@/lib/openapi/responses';
import { body, CART_CALLER, errors, idParam, json, op, ORDER_CALLER, SIGNED_IN, WRITE_ERRORS } from '@/lib/openapi/shared';
import { checkoutSchema, quoteSchema } from '@/lib/validations/checkout';

/** The customer's checkout calls (quote, checkout, its addresses, order again) for the OpenAPI document. */

const quoteResponseSchema: z.ZodType<Quote> = z
  .object({
    subtotal: z.number(),
    discount: z.number(),
    methods: z.array(
      z
        .object({
          id: z.string(),
          label: z.string(),
          amount: z.number(),
          estimate: z.object({ minDays: z.number().int(), maxDays: z.number().int(), by: z.string() }).strict(),
          discount: z.number(),
          tax: z.number(),
          total: z.number(),
        })
        .strict(),
    ),
    tax: z.number(),
    total: z.number(),
    currency: z.literal('usd'),
    taxLabel: z.string(),
    region: nullable(z.string()),
    discountCode: nullable(z.object({ code: z.string(), kind: z.enum(['percent', 'fixed', 'free-shipping']) }).strict()),
    lines: z.array(cartLineSchema),
  })
  .strict()
  .meta({ id: 'Quote' });

const placedCheckoutSchema = z
  .object({ orderId: id, orderNumber: z.string(), total: z.number(), orderUrl: z.string(), payUrl: z.string() })
  .strict()
  .meta({ id: 'PlacedCheckout' });

/** A 409 of the checkout: the message, and the quote as it stands now when it could be computed. */
const quoteChangedSchema = z
  .object({ error: z.string(), quote: quoteResponseSchema.optional(), fieldErrors: z.record(z.string(), z.array(z.string())).optional() })
  .strict();

const savedAddressesSchema: z.ZodType<SavedAddresses> = z
  .object({
    book: z.array(addressEntrySchema),
    fromOrders: z.array(addressSchema).meta({ description: "Past orders' addresses the book does not hold, newest first" }),
    prefill: nullable(z.object({ address: addressSchema, phone: z.string() }).strict()).meta({
      description: "What the checkout fills in: the default address (with no book, the last order's) and the last order's phone",
    }),
  })
  .strict();

export const checkoutPaths: ZodOpenApiPathsObject = {
  '/api/checkout/quote': {
    post: op('Checkout', 'The delivered cost of the cart (or of one part) by every shipping method, for a country and postcode', {
      operationId: 'quote',
      security: CART_CALLER,
      requestBody: body(quoteSchema),
      responses: { '200': json(quoteResponseSchema, 'The quote'), ...errors(...WRITE_ERRORS, 404, 409) },
    }),
  },
  '/api/checkout': {
    post: op('Checkout', 'Place the cart as one order at a fresh quote; 409 with the new quote when anything changed', {
      operationId: 'checkout',
      security: CART_CALLER,
      requestParams: { header: z.object({ 'Idempotency-Key': z.string().optional() }) },
      requestBody: body(checkoutSchema),
      responses: {
        '201': json(placedCheckoutSchema, 'The order, and the page to open next'),
        ...errors(...WRITE_ERRORS, 404, 422),
        '409': json(quoteChangedSchema, 'Prices, stock or the code changed: the new quote to confirm'),
      },
    }),
  },
  '/api/checkout/addresses': {
    get: op('Checkout', "The addresses a checkout offers (the address book, then past orders') and what it fills in", {
      operationId: 'savedAddresses',
      security: SIGNED_IN,
      responses: { '200': json(savedAddressesSchema, 'The addresses'), ...errors(401, 403) },
    }),
  },
  '/api/orders/{id}/reorder': {
    post: op('Checkout', "Order again: the order's lines back in the cart, price changes and unavailable parts flagged", {
      operationId: 'reorder',
      description:
        "Each line is put in the cart at least at its ordered quantity (a line the cart holds keeps a larger quantity), at the price it was ordered at, so the cart flags a price changed since; a part withdrawn, below its minimum or short of stock is flagged, not dropped. The customer's own order (another's is 404), or a guest's with its signed link, into this browser's guest cart.",
      security: [...ORDER_CALLER, { orderLink: [], cartCookie: [] }],
      requestParams: { path: idParam },
      responses: { '200': json(cartSchema, 'The cart'), ...errors(400, 401, 403, 404, 429) },
    }),
  },
};
