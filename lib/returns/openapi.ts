import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { CORE_OUTCOMES, FITMENT_REVIEW_ACTIONS, FITMENT_REVIEW_STATES, RETURN_REASONS, RETURN_STATES } from '@/lib/core/return-fields';
import { dateTime, id, nullable } from '@/lib/openapi/responses';
import { body, errors, idParam, json, op, ORDER_CALLER, PAGE_HEADERS, SIGNED_IN, WRITE_ERRORS } from '@/lib/openapi/shared';
import type { FitmentReviewDTO, ReturnDTO } from '@/lib/returns/types';
import { fitmentReviewActionSchema, fitmentReviewListQuerySchema } from '@/lib/validations/fit-reviews';
import { returnListQuerySchema, returnRequestSchema, returnStepSchema } from '@/lib/validations/returns';

/** Return requests and the admin's returns queue (issue 47) for the OpenAPI document. */

const returnSchema: z.ZodType<ReturnDTO> = z
  .object({
    id,
    orderId: id,
    orderNumber: z.string(),
    email: z.string(),
    state: z.enum(RETURN_STATES),
    reason: z.enum(RETURN_REASONS),
    note: nullable(z.string()),
    vehicle: nullable(z.string()),
    vin: nullable(z.string()),
    mismatch: nullable(z.string()),
    lines: z.array(
      z
        .object({
          partId: id,
          partName: z.string(),
          unitPrice: z.number(),
          quantity: z.number().int(),
          core: z.literal(true).optional().meta({ description: 'A core return’s line: the deposits of the part’s units' }),
          state: z.enum([...RETURN_STATES, 'written-off']),
        })
        .strict(),
    ),
    refundAmount: z.number().meta({ description: 'The refund due while open; what was paid back once refunded (dollars)' }),
    instructions: nullable(z.string()),
    rejection: nullable(z.string()),
    coreOutcome: nullable(z.object({ outcome: z.enum(CORE_OUTCOMES), reason: nullable(z.string()) }).strict()),
    createdAt: dateTime,
    events: z.array(z.object({ step: z.enum(RETURN_STATES), at: dateTime }).strict()),
  })
  .meta({ id: 'Return' });

const reviewIdParam = z.object({ id: z.string().regex(/^[a-f\d]{24}$/, 'Not found') });

const fitmentReviewSchema: z.ZodType<FitmentReviewDTO> = z
  .object({
    id,
    partId: id,
    partName: z.string(),
    brand: nullable(z.string()),
    vehicle: z.string().meta({ description: 'The vehicle as the returns named it' }),
    row: nullable(
      z
        .object({
          make: z.string(),
          model: z.string(),
          yearFrom: z.number().int(),
          yearTo: z.number().int(),
          engine: nullable(z.string()),
          subModel: nullable(z.string()),
          position: nullable(z.string()),
        })
        .strict(),
    ).meta({ description: 'The fitment row that matched the vehicle; null: none did (matched through notes)' }),
    state: z.enum(FITMENT_REVIEW_STATES),
    returns: z.number().int().meta({ description: '"Does not fit" returns counted, once each' }),
    returnIds: z.array(id),
    confirmations: z.number().int(),
    resolution: nullable(z.object({ action: z.enum(FITMENT_REVIEW_ACTIONS), by: z.string(), at: dateTime, detail: z.string() }).strict()),
    createdAt: dateTime,
    updatedAt: dateTime,
  })
  .meta({ id: 'FitmentReview' });

export const returnPaths: ZodOpenApiPathsObject = {
  '/api/admin/fitment-reviews': {
    get: op('Returns', 'Fitment reviews opened by "does not fit" returns, most reported first (admins); open ones unless `state`', {
      operationId: 'listFitmentReviews',
      security: SIGNED_IN,
      requestParams: { query: fitmentReviewListQuerySchema },
      responses: { '200': json(z.array(fitmentReviewSchema), 'A page of reviews', PAGE_HEADERS), ...errors(400, 401, 403) },
    }),
  },
  '/api/admin/fitment-reviews/{id}': {
    patch: op('Returns', "Narrow or remove the review's row, add a qualifier or a note, or dismiss: resolves it once (admins)", {
      operationId: 'resolveFitmentReview',
      security: SIGNED_IN,
      requestParams: { path: reviewIdParam },
      requestBody: body(fitmentReviewActionSchema),
      responses: { '200': json(fitmentReviewSchema, 'The resolved review'), ...errors(...WRITE_ERRORS, 404, 409) },
    }),
  },
  '/api/orders/{id}/returns': {
    post: op('Returns', 'Ask to return lines of a delivered order, within the returns window (the customer, or the order link)', {
      operationId: 'requestReturn',
      security: ORDER_CALLER,
      requestParams: { path: idParam },
      requestBody: body(returnRequestSchema),
      responses: { '201': json(returnSchema, 'The request'), ...errors(...WRITE_ERRORS, 404, 409) },
    }),
  },
  '/api/returns': {
    get: op('Returns', "The caller's returns, newest first (admins: every return), by state and reason", {
      operationId: 'listReturns',
      security: ORDER_CALLER,
      requestParams: { query: returnListQuerySchema },
      responses: { '200': json(z.array(returnSchema), 'A page of returns', PAGE_HEADERS), ...errors(400, 401) },
    }),
  },
  '/api/returns/{id}': {
    get: op('Returns', 'One return (of an own order, or any for an admin)', {
      operationId: 'getReturn',
      security: ORDER_CALLER,
      requestParams: { path: idParam },
      responses: { '200': json(returnSchema, 'The return'), ...errors(401, 404) },
    }),
    patch: op(
      'Returns',
      'Approve, reject, receive or refund a return (admins); a core return is refunded with `core`: full, partial (amount and reason) or forfeit (reason); a step from the wrong state is 409',
      {
        operationId: 'takeReturnStep',
        security: SIGNED_IN,
        requestParams: { path: idParam },
        requestBody: body(returnStepSchema),
        responses: { '200': json(returnSchema, 'The return after the step'), ...errors(...WRITE_ERRORS, 402, 404, 409) },
      },
    ),
  },
};
