import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { errors, json, op, SIGNED_IN, WRITE_ERRORS } from '@/lib/openapi/shared';

/** The image upload call, for the OpenAPI document. */
export const storagePaths: ZodOpenApiPathsObject = {
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
};
