import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import type { AlertDTO } from '@/lib/alerts/types';
import { dateTime, nullable } from '@/lib/openapi/responses';
import { body, errors, json, op, SIGNED_IN, WRITE_ERRORS } from '@/lib/openapi/shared';
import { alertRequestSchema, alertTokenSchema } from '@/lib/validations/alerts';

/** The "tell me when" alerts' calls for the OpenAPI document. */

const alertSchema: z.ZodType<AlertDTO> = z
  .object({
    id: z.string(),
    kind: z.enum(['part', 'vehicle']),
    partId: nullable(z.string()),
    vehicle: nullable(z.object({ year: z.number().int(), make: z.string(), model: z.string(), engine: nullable(z.string()) })),
    label: z.string(),
    email: z.string(),
    createdAt: dateTime,
    expiresAt: dateTime,
  })
  .meta({ id: 'Alert' });

export const alertPaths: ZodOpenApiPathsObject = {
  '/api/alerts': {
    post: op('Alerts', 'Email me once when an out-of-stock part is back, or when a part for a vehicle arrives (90 days)', {
      operationId: 'subscribeToAlert',
      security: [{}, ...SIGNED_IN],
      requestBody: body(alertRequestSchema),
      responses: {
        '201': json(alertSchema, 'The new alert'),
        '200': json(alertSchema, 'The same alert, already waiting'),
        ...errors(...WRITE_ERRORS, 404, 409),
      },
    }),
  },
  '/api/alerts/{token}': {
    delete: op('Alerts', "Stop an alert with its email's unsubscribe link", {
      operationId: 'unsubscribeAlert',
      requestParams: { path: z.object({ token: alertTokenSchema }) },
      responses: { '200': json(z.object({ deleted: z.literal(true) }), 'The alert was stopped'), ...errors(404) },
    }),
  },
};
