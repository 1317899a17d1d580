import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { body, errors, json, op, ORDER_CALLER, WRITE_ERRORS } from '@/lib/openapi/shared';
import { createIntentSchema, testCardSchema } from '@/lib/validations/orders';

/** The payment calls (intents, the offline test gateway, Stripe's webhook) for the OpenAPI document. */

export const paymentPaths: ZodOpenApiPathsObject = {
  '/api/create-payment-intent': {
    post: op('Payments', "A payment for an order's server-computed total (the owner)", {
      operationId: 'createPaymentIntent',
      security: ORDER_CALLER,
      requestBody: body(createIntentSchema),
      responses: {
        '200': json(z.object({ clientSecret: z.string(), provider: z.enum(['stripe', 'test']), amount: z.number() }), 'The intent'),
        ...errors(...WRITE_ERRORS, 402, 404, 409),
      },
    }),
  },
  '/api/test-gateway/confirm': {
    post: op('Payments', "The offline test gateway's card confirmation (absent, 404, when Stripe is configured)", {
      operationId: 'confirmTestPayment',
      security: ORDER_CALLER,
      requestBody: body(testCardSchema),
      responses: {
        '200': json(z.object({ id: z.string(), status: z.string() }), 'The intent after the card'),
        ...errors(...WRITE_ERRORS, 402, 404, 409),
      },
    }),
  },
  '/api/webhooks/stripe': {
    post: op('Payments', "Stripe's events, authenticated by their signature over the raw body", {
      operationId: 'stripeWebhook',
      requestParams: { header: z.object({ 'Stripe-Signature': z.string().optional() }) },
      requestBody: { required: true, content: { 'application/json': { schema: z.object({}).passthrough() } } },
      responses: {
        '200': json(z.object({ received: z.literal(true), duplicate: z.literal(true).optional() }), 'Accepted'),
        ...errors(400, 404, 413),
      },
    }),
  },
};
