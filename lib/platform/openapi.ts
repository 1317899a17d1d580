import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { errors, json, op, SIGNED_IN, WRITE_ERRORS } from '@/lib/openapi/shared';

/** The platform's calls (image uploads, background jobs) for the OpenAPI document. */

export const platformPaths: ZodOpenApiPathsObject = {
  '/api/uploads': {
    post: op('Uploads', 'Upload one image (JPEG, PNG, WebP or GIF, at most 5 MB)', {
      operationId: 'uploadImage',
      security: SIGNED_IN,
      requestBody: {
        required: true,
        content: { 'multipart/form-data': { schema: z.object({ image: z.string().meta({ format: 'binary' }) }) } },
      },
      responses: {
        '201': json(z.object({ success: z.literal(true), data: z.object({ url: z.string() }) }), 'Stored'),
        ...errors(...WRITE_ERRORS),
      },
    }),
  },
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
