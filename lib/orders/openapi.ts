import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import type { OrderDTO } from '@/lib/orders/types';
import { ack, addressSchema, dateTime, id, nullable } from '@/lib/openapi/responses';
import { body, errors, idParam, json, op, ORDER_CALLER, PAGE_HEADERS, SIGNED_IN, WRITE_ERRORS } from '@/lib/openapi/shared';
import { orderLookupSchema } from '@/lib/validations/checkout';
import { pageQuerySchema } from '@/lib/validations/common';
import { orderListQuerySchema, orderStepSchema, payOrderSchema, placeOrderSchema } from '@/lib/validations/orders';

/** The fit a buyer confirmed for a line with the part's fit questions (a cart line's, then its order line's). */
export const lineFitSchema = z
  .object({
    vehicle: z.string().meta({ example: '2015 Toyota Corolla 1.8L' }),
    answers: z.array(z.string()).meta({ example: ['LE', 'With 288 mm front rotors'] }),
    text: z.string().meta({ example: 'confirmed for 2015 Toyota Corolla LE 1.8L, with 288 mm front rotors' }),
  })
  .strict()
  .meta({ id: 'LineFit' });

/** The order calls (one part's order, its states, the lookup of a guest's link) for the OpenAPI document. */

const orderSchema: z.ZodType<OrderDTO> = z
  .object({
    _id: id,
    partId: id,
    partName: z.string(),
    price: z.number(),
    name: z.string(),
    email: z.string(),
    address: z.string(),
    phone: z.string(),
    quantity: z.number().int(),
    total: z.number(),
    paid: z.boolean(),
    status: z.enum(['pending', 'shipped', 'delivered']),
    transactionId: nullable(z.string()),
    cancelled: z.boolean(),
    createdAt: dateTime,
    paidAt: nullable(dateTime),
    shippedAt: nullable(dateTime),
    deliveredAt: nullable(dateTime),
    cancelledAt: nullable(dateTime),
    refundedTotal: z.number().meta({ description: 'What returns paid back so far' }),
    number: z.string(),
    carrier: nullable(z.string()),
    trackingNumber: nullable(z.string()),
    trackingUrl: nullable(z.string()),
    cancelledBy: z.enum(['customer', 'admin', 'system']).nullable(),
    lines: z.array(
      z
        .object({
          partId: id,
          partName: z.string(),
          unitPrice: z.number(),
          quantity: z.number().int(),
          lineTotal: z.number(),
          core: z
            .object({ unitPrice: z.number(), quantity: z.number().int(), lineTotal: z.number() })
            .strict()
            .optional()
            .meta({ description: "The part's core deposit as its own line (per unit when ordered, the line's quantity); absent: none" }),
          fit: lineFitSchema.optional(),
        })
        .strict(),
    ),
    subtotal: z.number(),
    shipping: nullable(z.object({ label: z.string(), amount: z.number(), minDays: z.number().int(), maxDays: z.number().int() }).strict()),
    discount: nullable(z.object({ code: z.string(), amount: z.number() }).strict()),
    tax: z.number(),
    shippingAddress: nullable(addressSchema),
    guest: z.boolean(),
    holdUntil: nullable(dateTime),
    stockHeld: z
      .boolean()
      .meta({ description: 'Whether the unpaid order holds its parts; one placed past its client’s hold limits takes them when paid' }),
  })
  .meta({ id: 'Order' });

export const orderPaths: ZodOpenApiPathsObject = {
  '/api/order': {
    get: op('Orders', "A customer's orders, newest first (own, or any for an admin)", {
      operationId: 'listOrders',
      security: SIGNED_IN,
      requestParams: { query: orderListQuerySchema },
      responses: { '200': json(z.array(orderSchema), 'The orders'), ...errors(400, 401, 403) },
    }),
    post: op('Orders', 'Place an order (customers); price, name and email come from the server', {
      operationId: 'placeOrder',
      security: SIGNED_IN,
      requestParams: { header: z.object({ 'Idempotency-Key': z.string().max(200).optional() }) },
      requestBody: body(placeOrderSchema),
      responses: {
        '201': {
          ...json(
            ack.inserted.extend({ number: z.string(), availableQuantity: z.number().int() }),
            'The order was placed and its stock taken',
          ),
          links: {
            GetOrderById: { operationId: 'getOrder', parameters: { id: '$response.body#/insertedId' } },
            CancelOrderById: { operationId: 'cancelOrder', parameters: { id: '$response.body#/insertedId' } },
          },
        },
        ...errors(...WRITE_ERRORS, 404, 409, 422),
      },
    }),
  },
  '/api/order/{id}': {
    get: op('Orders', 'One order (own, or any for an admin)', {
      operationId: 'getOrder',
      security: ORDER_CALLER,
      requestParams: { path: idParam },
      responses: { '200': json(orderSchema, 'The order'), ...errors(401, 404) },
    }),
    put: op('Orders', 'Ship a paid order, or mark a shipped one delivered (admins); a repeat changes nothing (modifiedCount 0)', {
      operationId: 'shipOrder',
      security: SIGNED_IN,
      requestParams: { path: idParam },
      requestBody: body(orderStepSchema),
      responses: { '200': json(ack.modified, 'Shipped or delivered'), ...errors(...WRITE_ERRORS, 404, 409) },
    }),
    patch: op('Orders', 'Record a confirmed card payment (the owner)', {
      operationId: 'payOrder',
      security: ORDER_CALLER,
      requestParams: { path: idParam },
      requestBody: body(payOrderSchema),
      responses: {
        '200': json(ack.modified.extend({ transactionId: z.string() }), 'Marked paid'),
        ...errors(...WRITE_ERRORS, 402, 404, 409),
      },
    }),
    delete: op('Orders', 'Cancel an unpaid order; its pieces go back to stock', {
      operationId: 'cancelOrder',
      security: ORDER_CALLER,
      requestParams: { path: idParam },
      responses: { '200': json(ack.deleted, 'Cancelled'), ...errors(401, 403, 404, 409) },
    }),
  },
  '/api/allOrder': {
    get: op('Orders', 'Every order, newest first (admins)', {
      operationId: 'listAllOrders',
      security: SIGNED_IN,
      requestParams: { query: pageQuerySchema },
      responses: { '200': json(z.array(orderSchema), 'A page of orders', PAGE_HEADERS), ...errors(400, 401, 403) },
    }),
  },
  '/api/orders/lookup': {
    post: op('Checkout', "Email an order's link again; the same answer whether or not it exists", {
      operationId: 'orderLookup',
      requestBody: body(orderLookupSchema),
      responses: {
        '202': json(z.object({ ok: z.literal(true), message: z.string() }).strict(), 'Sent if it exists'),
        ...errors(400, 413, 415, 429),
      },
    }),
  },
};
