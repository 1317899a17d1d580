import { z } from 'zod';
import type { ZodOpenApiOperationObject, ZodOpenApiResponsesObject } from 'zod-openapi';
import { errorSchema } from '@/lib/openapi/responses';
import { emailSchema, objectIdSchema } from '@/lib/validations/common';

/** The building blocks of each domain's `openapi.ts` (assembled by lib/openapi/document.ts). */

const ERRORS: Record<number, string> = {
  400: 'The input is not valid (the message says why)',
  401: 'Not signed in, or the session or token has expired',
  402: 'The payment was not completed',
  403: 'Signed in, but not allowed (another account, not an admin, or a cross-site write)',
  404: 'No such record',
  409: 'The record is not in a state that allows this',
  413: 'The request body is too large',
  415: 'The body must be JSON (Content-Type: application/json)',
  422: 'The Idempotency-Key was already used with another request body',
  429: 'Too many requests: wait `Retry-After` seconds',
  503: 'The database or the catalog is not available: try again after `Retry-After` seconds',
};
const RETRY_AFTER = z.object({ 'Retry-After': z.string() });

/** The refusals of an operation, each as `{ error }`; every call may meet a 503. */
export function errors(...statuses: number[]): ZodOpenApiResponsesObject {
  const responses: ZodOpenApiResponsesObject = {};
  for (const status of [...statuses, 503]) {
    responses[String(status) as '400'] = {
      description: ERRORS[status]!,
      ...(status === 429 || status === 503 ? { headers: RETRY_AFTER } : {}),
      content: { 'application/json': { schema: errorSchema } },
    };
  }
  return responses;
}

export const json = (schema: z.ZodType, description: string, headers?: z.ZodObject) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema } },
});
export const body = (schema: z.ZodType) => ({ required: true, content: { 'application/json': { schema } } });
export const PAGE_HEADERS = z.object({ 'X-Total-Count': z.string(), 'X-Page': z.string(), 'X-Limit': z.string() });

/** Signed in: the session cookie (a write by cookie must come from the shop's origin) or a bearer token. */
export const SIGNED_IN: Array<Record<string, string[]>> = [{ session: [] }, { bearer: [] }];
/** The writes of a JSON body; a signed-in caller's. */
export const WRITE_ERRORS = [400, 401, 403, 413, 415, 429];

/** Order calls also take a guest's signed order link (`X-Order-Token`). */
export const ORDER_CALLER: Array<Record<string, string[]>> = [...SIGNED_IN, { orderLink: [] }];
/** Cart calls: a customer's session or token, or a guest's signed cart cookie (none yet: a new guest). */
export const CART_CALLER: Array<Record<string, string[]>> = [{}, { cartCookie: [] }, ...SIGNED_IN];

export const idParam = z.object({ id: objectIdSchema });
export const emailParam = z.object({ email: emailSchema });

type Op = ZodOpenApiOperationObject;
export const op = (tags: string, summary: string, operation: Omit<Op, 'tags' | 'summary'>): Op => ({ tags: [tags], summary, ...operation });
