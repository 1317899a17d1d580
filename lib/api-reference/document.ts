import { z } from 'zod';
import { createDocument, type ZodOpenApiPathsObject } from 'zod-openapi';
import { accountPaths } from '@/lib/accounts/openapi';
import { alertPaths } from '@/lib/alerts/openapi';
import { authPaths } from '@/lib/auth/openapi';
import { cartPaths } from '@/lib/cart/openapi';
import { catalogPaths } from '@/lib/catalog/openapi';
import { checkoutPaths } from '@/lib/checkout/openapi';
import { checkoutAdminPaths } from '@/lib/checkout/openapi-admin';
import { orderPaths } from '@/lib/orders/openapi';
import { paymentPaths } from '@/lib/payments/openapi';
import { importPaths } from '@/lib/imports/openapi';
import { jobPaths } from '@/lib/jobs/openapi';
import { importMappingPaths } from '@/lib/imports/openapi-mappings';
import { kitPaths } from '@/lib/kits/openapi';
import { storagePaths } from '@/lib/storage/openapi';
import { returnPaths } from '@/lib/returns/openapi';
import { fitConfirmationPaths } from '@/lib/fit-confirmations/openapi';
import { reviewPaths } from '@/lib/reviews/openapi';
import { vehiclePaths } from '@/lib/vehicles/openapi';
import { REFERENCE_ASSETS } from '@/lib/api-reference/reference';
import { errors, op } from '@/lib/openapi/shared';

/** The REST API as OpenAPI 3.1, from each domain's `openapi.ts`; served at /api/openapi.json and fuzzed by Schemathesis. */

/** This document and its interactive reference. */
const referencePaths: ZodOpenApiPathsObject = {
  '/api/docs': {
    get: op('Reference', 'This document as an interactive reference', {
      operationId: 'docs',
      responses: { '200': { description: 'The reference page', content: { 'text/html': { schema: z.string() } } } },
    }),
  },
  '/api/docs/{asset}': {
    get: op('Reference', 'A script or style sheet of the reference page', {
      operationId: 'docsAsset',
      requestParams: { path: z.object({ asset: z.enum(REFERENCE_ASSETS) }) },
      responses: {
        '200': {
          description: 'The file',
          content: { 'text/javascript': { schema: z.string() }, 'text/css': { schema: z.string() } },
        },
        ...errors(404),
      },
    }),
  },
  '/api/openapi.json': {
    get: op('Reference', 'This document', {
      operationId: 'openapi',
      responses: {
        '200': { description: 'The OpenAPI 3.1 document', content: { 'application/json': { schema: z.object({}).passthrough() } } },
      },
    }),
  },
};

export function buildOpenApiDocument(serverUrl?: string) {
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'PartsMart API',
      version: '1.0.0',
      description:
        'The shop\'s REST API. Errors are `{ "error": "..." }` with the status. Web pages use the session cookie; other clients sign in through `/api/auth/csrf` and `/api/auth/callback/credentials`, then `PUT /api/user/{email}` gives a one-hour bearer token.',
    },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'next-auth.session-token', description: 'next-auth session cookie' },
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A token from PUT /api/user/{email}' },
        cartCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: 'partsmart.cart',
          description: "A guest's signed cart cookie, set by the first cart write",
        },
        orderLink: { type: 'apiKey', in: 'header', name: 'X-Order-Token', description: "The `t` of a guest order's emailed link" },
      },
    },
    paths: {
      ...catalogPaths,
      ...vehiclePaths,
      ...reviewPaths,
      ...returnPaths,
      ...fitConfirmationPaths,
      ...cartPaths,
      ...checkoutPaths,
      ...orderPaths,
      ...alertPaths,
      ...paymentPaths,
      ...accountPaths,
      ...authPaths,
      ...checkoutAdminPaths,
      ...kitPaths,
      ...importMappingPaths,
      ...storagePaths,
      ...importPaths,
      ...jobPaths,
      ...referencePaths,
    },
  });
}
