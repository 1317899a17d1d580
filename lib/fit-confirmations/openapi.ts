import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import type { FitConfirmationDTO } from '@/lib/fit-confirmations/types';
import { nullable } from '@/lib/openapi/responses';
import { body, errors, idParam, json, op, ORDER_CALLER, WRITE_ERRORS } from '@/lib/openapi/shared';
import { fitConfirmationSchema } from '@/lib/validations/fit-confirmations';

/** Fit confirmations (issue 47) for the OpenAPI document. */

const fitConfirmationAnswer: z.ZodType<FitConfirmationDTO> = z
  .object({
    orderId: z.string(),
    partId: z.string(),
    fits: z.boolean(),
    vehicle: z.string(),
    returnUrl: nullable(z.string()).meta({ description: 'For a No: the order page with its return form open on the line' }),
  })
  .meta({ id: 'FitConfirmation' });

export const fitConfirmationPaths: ZodOpenApiPathsObject = {
  '/api/parts/{id}/fit-confirmations': {
    post: op('Fit confirmations', 'Say whether a delivered part fitted the vehicle it was ordered for, once per order line', {
      operationId: 'confirmFit',
      description:
        "The buyer's session or token, a guest's order link (`X-Order-Token`), or the signed `token` of the fit-check email's link (no sign-in). A Yes counts for the part and vehicle; a No answers `returnUrl`.",
      security: [...ORDER_CALLER, {}],
      requestParams: { path: idParam },
      requestBody: body(fitConfirmationSchema),
      responses: { '201': json(fitConfirmationAnswer, 'The answer, recorded'), ...errors(...WRITE_ERRORS, 404, 409) },
    }),
  },
};
