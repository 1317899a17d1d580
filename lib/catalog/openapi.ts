import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { PART_POSITIONS, PART_UNITS } from '@/lib/core/part-fields';
import type { PartDTO } from '@/lib/catalog/types';
import type { Suggestion } from '@/lib/catalog/search/types';
import { ack, dateTime, id, nullable } from '@/lib/openapi/responses';
import { body, errors, idParam, json, op, PAGE_HEADERS, SIGNED_IN, WRITE_ERRORS } from '@/lib/openapi/shared';
import { pageQuerySchema } from '@/lib/validations/common';
import { partInputSchema, partUpdateSchema } from '@/lib/validations/parts';
import { searchQuerySchema, suggestQuerySchema } from '@/lib/validations/search';

/** The catalog's calls (parts, search) for the OpenAPI document; each answer shape checked against its lib/ type. */

const fitmentSchema = z.object({
  make: z.string(),
  model: z.string(),
  yearFrom: z.number().int(),
  yearTo: z.number().int(),
  engine: nullable(z.string()),
  notes: nullable(z.string()),
  subModel: nullable(z.string()),
  position: nullable(z.string()),
  quantity: nullable(z.number().int()),
  qualifiers: z.array(z.string()),
});

const interchangeSchema = z
  .object({ brand: nullable(z.string()), number: z.string(), kind: z.enum(['oe', 'aftermarket']) })
  .meta({ description: 'A number the part replaces, as the supplier gave it' });
const attributeSchema = z.object({ name: z.string(), value: z.string(), uom: nullable(z.string()) });
const kitComponentSchema = z.object({
  partNumber: z.string(),
  brand: nullable(z.string()),
  quantity: z.number().int(),
  description: nullable(z.string()),
});

const partFields = z.object({
  _id: id,
  name: z.string(),
  description: z.string(),
  price: z.number(),
  img: z.string(),
  category: nullable(z.string()),
  brand: nullable(z.string()),
  partNumber: nullable(z.string()),
  oemNumbers: z.array(z.string()),
  position: z.enum(PART_POSITIONS).nullable(),
  fitment: z.array(fitmentSchema),
  fitWarnings: z
    .array(z.object({ year: z.number().int(), make: z.string(), model: z.string(), engine: nullable(z.string()) }))
    .meta({ description: 'Vehicles with two or more "does not fit" returns not yet reviewed: "Check the fit notes" for them' }),
  interchange: z.array(interchangeSchema),
  attributes: z.array(attributeSchema),
  kitComponents: z.array(kitComponentSchema),
  availableQuantity: z.number().int(),
  minimumQuantity: z.number().int(),
  unit: z.enum(PART_UNITS),
  weightKg: z.number().nullable(),
  coreCharge: z.number().nullable().meta({ description: 'The core deposit per unit (dollars), its own line in the cart; null: none' }),
  archived: z.boolean(),
  createdAt: dateTime,
  updatedAt: dateTime,
});
const partSchema: z.ZodType<PartDTO> = partFields.meta({ id: 'Part' });
const searchItemSchema = partFields
  .extend({
    replaces: z.string().optional().meta({ description: 'Found by a number it replaces: "Replaces OE 04465-02220"' }),
  })
  .meta({ id: 'SearchItem' });

const facetValue = z.object({ value: z.string(), count: z.number().int() });
const searchPageSchema = z
  .object({
    items: z.array(searchItemSchema),
    total: z.number().int(),
    facets: z.object({
      category: z.array(facetValue),
      brand: z.array(facetValue),
      price: z.array(z.object({ key: z.string(), min: z.number(), max: z.number().nullable(), count: z.number().int() })),
      inStock: z.number().int(),
    }),
    nextCursor: z.string().nullable(),
    knownFits: z.number().int().optional().meta({ description: 'With a vehicle: how many of the parts found are known to fit it' }),
  })
  .meta({ id: 'SearchPage' });

const suggestionSchema: z.ZodType<Suggestion> = z
  .union([
    z.object({ kind: z.literal('part'), id: z.string(), label: z.string(), detail: z.string() }),
    z.object({ kind: z.literal('query'), value: z.string(), label: z.string(), detail: z.string() }),
    z.object({ kind: z.enum(['category', 'brand']), value: z.string(), label: z.string() }),
  ])
  .meta({ id: 'Suggestion' });

const partPaths: ZodOpenApiPathsObject = {
  '/api/parts': {
    get: op('Parts', 'Parts, newest first', {
      operationId: 'listParts',
      requestParams: { query: pageQuerySchema },
      responses: { '200': json(z.array(partSchema), 'A page of parts; the total in X-Total-Count', PAGE_HEADERS), ...errors(400) },
    }),
    post: op('Parts', 'Add a part (admins)', {
      operationId: 'createPart',
      security: SIGNED_IN,
      requestBody: body(partInputSchema),
      responses: {
        '201': {
          ...json(z.object({ success: z.literal(true), message: z.string(), insertedId: z.string() }), 'The part was added'),
          links: {
            GetPartById: { operationId: 'getPart', parameters: { id: '$response.body#/insertedId' } },
            UpdatePartById: { operationId: 'updatePart', parameters: { id: '$response.body#/insertedId' } },
            DeletePartById: { operationId: 'deletePart', parameters: { id: '$response.body#/insertedId' } },
          },
        },
        ...errors(...WRITE_ERRORS),
      },
    }),
  },
  '/api/parts/{id}': {
    get: op('Parts', 'One part', {
      operationId: 'getPart',
      requestParams: { path: idParam },
      responses: { '200': json(partSchema, 'The part'), ...errors(404) },
    }),
    put: op('Parts', 'Change a part (admins); a stock change goes through the ledger', {
      operationId: 'updatePart',
      security: SIGNED_IN,
      requestParams: { path: idParam },
      requestBody: body(partUpdateSchema),
      responses: {
        '200': json(z.object({ success: z.literal(true), message: z.string(), part: partSchema }), 'The changed part'),
        ...errors(...WRITE_ERRORS, 404, 409),
      },
    }),
    delete: op('Parts', 'Delete a part (admins); one with orders is archived', {
      operationId: 'deletePart',
      security: SIGNED_IN,
      requestParams: { path: idParam },
      responses: { '200': json(ack.deleted.extend({ archived: z.boolean() }), 'Deleted or archived'), ...errors(401, 403, 404, 409) },
    }),
  },
};

const searchPaths: ZodOpenApiPathsObject = {
  '/api/search': {
    get: op('Catalog', 'Search and filter the catalog', {
      operationId: 'search',
      requestParams: { query: searchQuerySchema },
      responses: { '200': json(searchPageSchema, 'A page of results with facets'), ...errors(400) },
    }),
  },
  '/api/search/suggest': {
    get: op('Catalog', 'What the search box offers while typing', {
      operationId: 'suggest',
      requestParams: { query: suggestQuerySchema },
      responses: { '200': json(z.object({ suggestions: z.array(suggestionSchema) }), 'Up to 8 suggestions'), ...errors(400) },
    }),
  },
};

export const catalogPaths: ZodOpenApiPathsObject = { ...partPaths, ...searchPaths };
