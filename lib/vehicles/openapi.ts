import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import type { Garage, VehicleGenerationDTO } from '@/lib/vehicles/types';
import type { VinDecodeResult } from '@/lib/vehicles/vin';
import { nullable } from '@/lib/openapi/responses';
import { body, errors, idParam, json, op, PAGE_HEADERS, SIGNED_IN, WRITE_ERRORS } from '@/lib/openapi/shared';
import { pageQuerySchema } from '@/lib/validations/common';
import {
  garageActiveSchema,
  vehicleChoiceSchema,
  vehicleGenerationEditSchema,
  vehicleGenerationSchema,
  vehicleListQuerySchema,
  vehicleQuerySchema,
} from '@/lib/validations/vehicles';

/** The vehicle calls (the vehicle list, VINs, the garage) for the OpenAPI document. */

const garageSchema: z.ZodType<Garage> = z
  .object({
    vehicles: z.array(
      z.object({ id: z.string(), year: z.number().int(), make: z.string(), model: z.string(), engine: nullable(z.string()) }),
    ),
    activeId: nullable(z.string()),
  })
  .meta({ id: 'Garage' });

const vinSchema: z.ZodType<Extract<VinDecodeResult, { ok: true }>> = z
  .object({
    ok: z.literal(true),
    vin: z.string(),
    wmi: z.string(),
    make: z.string().nullable(),
    modelYear: z.number().int(),
    candidateYears: z.array(z.number().int()),
  })
  .meta({ id: 'VinDecoded' });

const vehiclesSchema = z.union([
  z.object({ makes: z.array(z.string()), makesWithParts: z.array(z.string()) }).strict(),
  z
    .object({
      models: z.array(z.object({ model: z.string(), years: z.array(z.number().int()), yearsWithParts: z.array(z.number().int()) })),
    })
    .strict(),
  z.object({ years: z.array(z.object({ year: z.number().int(), engines: z.array(z.string()) })) }).strict(),
]);

const generationSchema: z.ZodType<VehicleGenerationDTO> = z
  .object({
    id: z.string(),
    make: z.string(),
    model: z.string(),
    yearFrom: z.number().int(),
    yearTo: z.number().int(),
    engines: z.array(z.object({ name: z.string(), yearFrom: z.number().int(), yearTo: z.number().int() })),
    fromVcdb: z.boolean(),
  })
  .meta({ id: 'VehicleGeneration' });

const admin = (summary: string, operation: Parameters<typeof op>[2]) =>
  op('Vehicles admin', `${summary} (admins)`, { security: SIGNED_IN, ...operation });

export const vehiclePaths: ZodOpenApiPathsObject = {
  '/api/admin/vehicles': {
    get: admin("The vehicle list's generations by make, model and first year", {
      operationId: 'listVehicleGenerations',
      requestParams: { query: pageQuerySchema.extend(vehicleListQuerySchema.shape) },
      responses: {
        '200': json(z.array(generationSchema), 'A page of generations; the total in X-Total-Count', PAGE_HEADERS),
        ...errors(400, 401, 403),
      },
    }),
    post: admin('Add a model over a range of years, with its engines', {
      operationId: 'addVehicleGeneration',
      requestBody: body(vehicleGenerationSchema),
      responses: { '201': json(generationSchema, 'The generation'), ...errors(...WRITE_ERRORS, 409) },
    }),
    patch: admin('Edit a generation: make, model, years and engines', {
      operationId: 'editVehicleGeneration',
      requestBody: body(vehicleGenerationEditSchema),
      responses: { '200': json(generationSchema, 'The generation as edited'), ...errors(...WRITE_ERRORS, 404, 409) },
    }),
  },
  '/api/vehicles': {
    get: op('Catalog', 'Makes; the models of a make; the years and engines of a model', {
      operationId: 'vehicles',
      requestParams: { query: vehicleQuerySchema },
      responses: { '200': json(vehiclesSchema, '`{ makes, makesWithParts }`, `{ models }` or `{ years }`'), ...errors(400) },
    }),
  },
  '/api/vin/{vin}': {
    get: op('Catalog', 'Check and decode a VIN offline', {
      operationId: 'decodeVin',
      requestParams: { path: z.object({ vin: z.string() }) },
      responses: { '200': json(vinSchema, 'The decoded VIN'), ...errors(400) },
    }),
  },
  '/api/garage': {
    get: op('Garage', "The customer's saved vehicles and the active one", {
      operationId: 'getGarage',
      security: SIGNED_IN,
      responses: { '200': json(garageSchema, 'The garage'), ...errors(401, 403) },
    }),
    post: op('Garage', 'Save a vehicle (up to 10) and make it active', {
      operationId: 'addToGarage',
      security: SIGNED_IN,
      requestBody: body(vehicleChoiceSchema),
      responses: { '201': json(garageSchema, 'The garage'), ...errors(...WRITE_ERRORS, 409) },
    }),
  },
  '/api/garage/active': {
    put: op('Garage', 'Switch the active vehicle', {
      operationId: 'setActiveVehicle',
      security: SIGNED_IN,
      requestBody: body(garageActiveSchema),
      responses: { '200': json(garageSchema, 'The garage'), ...errors(...WRITE_ERRORS, 404) },
    }),
  },
  '/api/garage/{id}': {
    delete: op('Garage', 'Remove a saved vehicle', {
      operationId: 'removeFromGarage',
      security: SIGNED_IN,
      requestParams: { path: idParam },
      responses: { '200': json(garageSchema, 'The garage'), ...errors(401, 403, 404) },
    }),
  },
};
