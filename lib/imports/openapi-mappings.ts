import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { CATEGORY_SLUGS } from '@/content/categories';
import type { ImportMappingsDTO } from '@/lib/imports/mappings';
import { body, errors, json, op, SIGNED_IN, WRITE_ERRORS } from '@/lib/openapi/shared';
import { importMappingsSchema } from '@/lib/validations/import-mappings';

/** The import tables for the OpenAPI document; the answer's shape is type-checked against its lib/ type. */

const mappingsSchema: z.ZodType<ImportMappingsDTO> = z
  .object({
    priceType: z.string(),
    brands: z.array(z.object({ aaiaId: z.string(), brand: z.string() })),
    categories: z.array(z.object({ partTypeId: z.number().int(), category: z.enum(CATEGORY_SLUGS) })),
    positions: z.array(z.object({ positionId: z.number().int(), name: z.string() })),
  })
  .meta({ id: 'ImportMappings' });

export const importMappingPaths: ZodOpenApiPathsObject = {
  '/api/admin/import-mappings': {
    get: op('Imports', "The imports' brand, category and position tables and price type (admins)", {
      operationId: 'getImportMappings',
      security: SIGNED_IN,
      responses: { '200': json(mappingsSchema, 'The tables'), ...errors(401, 403) },
    }),
    put: op('Imports', "Replace the imports' tables and price type (admins)", {
      operationId: 'updateImportMappings',
      security: SIGNED_IN,
      requestBody: body(importMappingsSchema),
      responses: { '200': json(mappingsSchema, 'The tables as stored'), ...errors(...WRITE_ERRORS) },
    }),
  },
};
