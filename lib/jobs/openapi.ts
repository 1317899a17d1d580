import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { errors, json, op } from '@/lib/openapi/shared';

/** The background jobs' call (Vercel Cron), for the OpenAPI document. */
export const jobPaths: ZodOpenApiPathsObject = {
  '/api/cron/{job}': {
    get: op('Jobs', 'Run one background job (Vercel Cron); `Authorization: Bearer` with CRON_SECRET', {
      operationId: 'runCronJob',
      requestParams: { path: z.object({ job: z.string() }) },
      responses: {
        '200': json(z.object({ job: z.string(), ms: z.number(), result: z.unknown() }), 'The job ran'),
        ...errors(401, 404),
      },
    }),
  },
};
