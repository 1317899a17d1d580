import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import type { ReviewDTO } from '@/lib/reviews/types';
import { ack, dateTime, id } from '@/lib/openapi/responses';
import { body, errors, idParam, json, op, PAGE_HEADERS, SIGNED_IN, WRITE_ERRORS } from '@/lib/openapi/shared';
import { pageQuerySchema } from '@/lib/validations/common';
import { reviewInputSchema } from '@/lib/validations/reviews';

/** The review calls for the OpenAPI document. */

const reviewSchema: z.ZodType<ReviewDTO> = z
  .object({ _id: id, name: z.string(), image: z.string(), review: z.string(), rating: z.number().int(), createdAt: dateTime })
  .meta({ id: 'Review' });

export const reviewPaths: ZodOpenApiPathsObject = {
  '/api/review': {
    get: op('Reviews', 'Reviews, newest first', {
      operationId: 'listReviews',
      requestParams: { query: pageQuerySchema },
      responses: { '200': json(z.array(reviewSchema), 'A page of reviews', PAGE_HEADERS), ...errors(400) },
    }),
    post: op('Reviews', 'Write a review (customers)', {
      operationId: 'createReview',
      security: SIGNED_IN,
      requestBody: body(reviewInputSchema),
      responses: { '201': json(ack.inserted, 'The review was stored'), ...errors(...WRITE_ERRORS, 409) },
    }),
  },
  '/api/review/{id}': {
    delete: op('Reviews', 'Remove a review (admins)', {
      operationId: 'deleteReview',
      security: SIGNED_IN,
      requestParams: { path: idParam },
      responses: { '200': json(ack.deleted, 'Removed'), ...errors(401, 403, 404) },
    }),
  },
};
