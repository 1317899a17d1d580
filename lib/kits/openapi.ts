import { z } from 'zod';
import { CATEGORY_SLUGS } from '@/content/categories';
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from 'zod-openapi';
import type { JobKitDTO } from '@/lib/kits/admin';
import type { KitsAnswer } from '@/lib/kits/types';
import { FIRST_MODEL_YEAR, lastModelYear } from '@/lib/core/part-fields';
import { dateTime, id, nullable } from '@/lib/openapi/responses';
import { body, errors, idParam, json, op, SIGNED_IN, WRITE_ERRORS } from '@/lib/openapi/shared';
import { kitPatchSchema, kitSchema, MAX_KIT_ANSWERS_LENGTH } from '@/lib/validations/kits';
import { vehicleChoiceSchema } from '@/lib/validations/vehicles';

/** The job kit calls for the OpenAPI document; each answer shape is type-checked against its lib/ type. */

const kitOption = {
  partTypeId: nullable(z.number().int()),
  category: nullable(z.enum(CATEGORY_SLUGS)),
  keyword: nullable(z.string()),
  position: nullable(z.string()),
};

const kitLine = z.object({
  label: z.string(),
  ...kitOption,
  quantity: z.number().int(),
  perCylinder: z.boolean(),
  alternatives: z.array(z.object(kitOption)).meta({ description: "Kinds tried in order when none of the line's own fits" }),
});

const jobKitSchema: z.ZodType<JobKitDTO> = z
  .object({ _id: id, name: z.string(), lines: z.array(kitLine), position: z.number().int(), createdAt: dateTime, updatedAt: dateTime })
  .meta({ id: 'JobKit' });

const proposedLine = z.object({
  label: z.string(),
  quantity: z.number().int(),
  part: nullable(
    z.object({
      _id: id,
      name: z.string(),
      brand: nullable(z.string()),
      partNumber: nullable(z.string()),
      img: nullable(z.string()),
      unit: z.string(),
      price: z.number(),
      fit: z.enum(['fits', 'check']),
      fitment: z.array(
        z.object({
          make: z.string(),
          model: z.string(),
          yearFrom: z.number().int(),
          yearTo: z.number().int(),
          engine: nullable(z.string()),
          subModel: nullable(z.string()),
          notes: nullable(z.string()),
          position: nullable(z.string()),
          quantity: nullable(z.number().int()),
          qualifiers: z.array(z.string()),
        }),
      ),
    }),
  ),
  lineTotal: z.number(),
  missing: nullable(z.enum(['no-fitting-part', 'out-of-stock'])),
});

const kitsAnswerSchema: z.ZodType<KitsAnswer> = z
  .object({
    vehicle: z.object({ year: z.number().int(), make: z.string(), model: z.string(), engine: z.string().nullish() }),
    destination: nullable(z.object({ country: z.string(), postalCode: z.string() })),
    kits: z.array(
      z.object({
        _id: id,
        name: z.string(),
        lines: z.array(proposedLine),
        complete: z.boolean(),
        goods: z.number(),
        shipping: nullable(z.number()),
        tax: nullable(z.number()),
        total: z.number(),
        note: nullable(z.string()),
      }),
    ),
  })
  .meta({ id: 'ProposedKits' });

/** The vehicle as the parts list's filter takes it; a model year from 1950 to next year. */
const vehicleQuery = vehicleChoiceSchema.extend({
  year: z.number().int().min(FIRST_MODEL_YEAR).max(lastModelYear()),
  engine: z.string().max(40).optional(),
  answers: z
    .string()
    .max(MAX_KIT_ANSWERS_LENGTH)
    .optional()
    .meta({ description: "JSON `{ partId: [answers] }`: answers to proposed parts' fit questions; a part they rule out is not proposed" }),
});

const deleted = z.object({ deletedCount: z.number().int() });
const admin = (summary: string, operation: Omit<ZodOpenApiOperationObject, 'tags' | 'summary' | 'security'>) =>
  op('Job kits', `${summary} (admins)`, { security: SIGNED_IN, ...operation });

export const kitPaths: ZodOpenApiPathsObject = {
  '/api/kits': {
    get: op('Job kits', "The job kits for a vehicle: one fitting part per line and each job's total for the saved destination", {
      operationId: 'proposeKits',
      requestParams: { query: vehicleQuery },
      responses: { '200': json(kitsAnswerSchema, 'Every job with its proposal'), ...errors(400) },
    }),
  },
  '/api/admin/kits': {
    get: admin('The job kits', {
      operationId: 'listKits',
      responses: { '200': json(z.array(jobKitSchema), 'Every job'), ...errors(401, 403) },
    }),
    post: admin('Add a job kit', {
      operationId: 'createKit',
      requestBody: body(kitSchema),
      responses: { '201': json(jobKitSchema, 'The job'), ...errors(...WRITE_ERRORS, 409) },
    }),
  },
  '/api/admin/kits/{id}': {
    patch: admin("Change a job kit's name, lines or position", {
      operationId: 'updateKit',
      requestParams: { path: idParam },
      requestBody: body(kitPatchSchema),
      responses: { '200': json(jobKitSchema, 'The job'), ...errors(...WRITE_ERRORS, 404, 409) },
    }),
    delete: admin('Remove a job kit', {
      operationId: 'deleteKit',
      requestParams: { path: idParam },
      responses: { '200': json(deleted, 'Removed'), ...errors(401, 403, 404) },
    }),
  },
};
