import { z } from 'zod';
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from 'zod-openapi';
import type { ImportDTO, ImportSummaryDTO } from '@/lib/imports/types';
import { dateTime, id } from '@/lib/openapi/responses';
import { errors, idParam, json, op, SIGNED_IN } from '@/lib/openapi/shared';
import { importFormatSchema, importUrlSchema } from '@/lib/validations/imports';
import { IMPORT_STATES } from '@/models/import-job';

/** The admin's imports (issue 46) for the OpenAPI document; each answer shape is type-checked against its lib/ type. */

const countsSchema = z
  .object({
    read: z.number().int(),
    add: z.number().int(),
    change: z.number().int(),
    remove: z.number().int(),
    unchanged: z.number().int(),
    rejected: z.number().int(),
  })
  .meta({ id: 'ImportCounts' });

const summaryFields = z.object({
  id,
  format: importFormatSchema,
  fileName: z.string(),
  state: z.enum(IMPORT_STATES),
  progress: z.object({
    done: z.number().int(),
    total: z.number().int().nullable(),
    perSecond: z.number().nullable(),
    secondsLeft: z.number().nullable(),
  }),
  counts: countsSchema,
  applied: countsSchema.nullable(),
  failure: z.object({ line: z.number().int().nullable(), reason: z.string() }).nullable(),
  startedBy: z.string(),
  createdAt: dateTime,
  validatedAt: dateTime.nullable(),
  appliedAt: dateTime.nullable(),
  cancelledAt: dateTime.nullable(),
});
const summarySchema: z.ZodType<ImportSummaryDTO> = summaryFields.meta({ id: 'ImportSummary' });
const importSchema: z.ZodType<ImportDTO> = summaryFields
  .extend({ rejected: z.array(z.object({ record: z.string(), reason: z.string() })).meta({ description: 'The first 1,000' }) })
  .meta({ id: 'Import' });

const admin = (summary: string, operation: Omit<ZodOpenApiOperationObject, 'tags' | 'summary' | 'security'>) =>
  op('Imports', `${summary} (admins)`, { security: SIGNED_IN, ...operation });
const idPath = { path: idParam };

const uploadSchema = z.object({
  file: z.string().meta({ format: 'binary', description: 'The supplier’s file (at most IMPORT_MAX_MB)' }),
  format: importFormatSchema,
  priceType: z.string().optional().meta({ description: 'PIES: the price type to import (RET, LST ...)' }),
  corePriceType: z
    .string()
    .optional()
    .meta({ description: 'PIES: the price type whose Pricing carries the core charge; left out, core charges are not read' }),
});

export const importPaths: ZodOpenApiPathsObject = {
  '/api/admin/imports': {
    get: admin('The imports, newest first', {
      operationId: 'listImports',
      responses: { '200': json(z.array(summarySchema), 'The last 100 imports'), ...errors(401, 403) },
    }),
    post: admin('Import a PIES, ACES, VCdb or CSV file: uploaded, or fetched from a host in IMPORT_URL_HOSTS', {
      operationId: 'startImport',
      requestBody: {
        required: true,
        content: { 'multipart/form-data': { schema: uploadSchema }, 'application/json': { schema: importUrlSchema } },
      },
      responses: {
        '202': json(z.object({ id, state: z.literal('queued') }), 'Stored and queued: validation runs in the background'),
        ...errors(400, 401, 403, 413, 415),
      },
    }),
  },
  '/api/admin/imports/{id}': {
    get: admin('One import: state, progress, counts and the first 1,000 rejected records', {
      operationId: 'getImport',
      requestParams: idPath,
      responses: { '200': json(importSchema, 'The import'), ...errors(401, 403, 404) },
    }),
    delete: admin('Cancel an import; a running phase stops at its next batch', {
      operationId: 'cancelImport',
      requestParams: idPath,
      responses: { '200': json(importSchema, 'The cancelled import'), ...errors(401, 403, 404, 409) },
    }),
  },
  '/api/admin/imports/{id}/apply': {
    post: admin('Apply a validated import in the background', {
      operationId: 'applyImport',
      requestParams: idPath,
      responses: { '202': json(importSchema, 'Applying'), ...errors(401, 403, 404, 409) },
    }),
  },
  '/api/admin/imports/{id}/rejected.csv': {
    get: admin('Every rejected record of the validation as CSV (record, reason)', {
      operationId: 'getImportRejections',
      requestParams: idPath,
      responses: {
        '200': { description: 'The CSV', content: { 'text/csv': { schema: z.string() } } },
        ...errors(401, 403, 404),
      },
    }),
  },
};
