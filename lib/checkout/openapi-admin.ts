import { z } from 'zod';
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from 'zod-openapi';
import type { DiscountCodeDTO, RedemptionDTO } from '@/lib/checkout/admin-codes';
import type { SavedZoneDTO, ShippingZoneDTO } from '@/lib/checkout/admin-zones';
import type { ShopSettingsDTO } from '@/lib/checkout/admin-settings';
import type { TaxRateDTO } from '@/lib/checkout/admin-tax-rates';
import type { CoverageGap } from '@/lib/checkout/coverage';
import { dateTime, id } from '@/lib/openapi/responses';
import { body, errors, idParam, json, op, PAGE_HEADERS, SIGNED_IN, WRITE_ERRORS } from '@/lib/openapi/shared';
import { pageQuerySchema } from '@/lib/validations/common';
import {
  discountCodeSchema,
  discountStateSchema,
  shippingZoneSchema,
  shopSettingsSchema,
  taxRateSchema,
} from '@/lib/validations/checkout-admin';

/** The admin's checkout calls for the OpenAPI document; each answer shape is type-checked against its lib/ type. */

const zoneFields = z.object({
  _id: id,
  name: z.string(),
  countries: z.array(z.string()),
  postcodePrefixes: z.array(z.string()),
  position: z.number().int(),
  methods: z.array(
    z.object({
      id,
      label: z.string(),
      bands: z.array(z.object({ upToKg: z.number().nullable(), price: z.number() })),
      freeOver: z.number().nullable(),
      minDays: z.number().int(),
      maxDays: z.number().int(),
      active: z.boolean(),
    }),
  ),
  createdAt: dateTime,
  updatedAt: dateTime,
});
const zoneSchema: z.ZodType<ShippingZoneDTO> = zoneFields.meta({ id: 'ShippingZone' });
const savedZoneSchema: z.ZodType<SavedZoneDTO> = zoneFields
  .extend({ warnings: z.array(z.string()).meta({ description: 'The gaps in shipping the change leaves, as sentences' }) })
  .meta({ id: 'SavedShippingZone' });

const gapSchema: z.ZodType<CoverageGap> = z
  .object({
    countries: z.array(z.string()),
    postcodes: z.object({ prefixes: z.array(z.string()), except: z.boolean() }).nullable(),
    zone: z.string().nullable(),
    zoneId: id.nullable(),
    aboveKg: z.number(),
    message: z.string(),
  })
  .meta({ id: 'ShippingGap' });

const taxSchema: z.ZodType<TaxRateDTO> = z
  .object({
    _id: id,
    country: z.string(),
    region: z.string(),
    rate: z.number(),
    taxShipping: z.boolean(),
    label: z.string(),
    createdAt: dateTime,
    updatedAt: dateTime,
  })
  .meta({ id: 'TaxRate' });

const codeSchema: z.ZodType<DiscountCodeDTO> = z
  .object({
    _id: id,
    code: z.string(),
    kind: z.enum(['percent', 'fixed', 'free-shipping']),
    percent: z.number().int().nullable(),
    amount: z.number().nullable(),
    minSubtotal: z.number(),
    startsAt: dateTime.nullable(),
    endsAt: dateTime.nullable(),
    maxUses: z.number().int().nullable(),
    oncePerCustomer: z.boolean(),
    categories: z.array(z.string()),
    brands: z.array(z.string()),
    pausedAt: dateTime.nullable(),
    uses: z.number().int(),
    status: z.enum(['active', 'paused', 'scheduled', 'expired', 'used-up']),
    createdAt: dateTime,
  })
  .meta({ id: 'DiscountCode' });

const redemptionSchema: z.ZodType<RedemptionDTO> = z
  .object({ orderId: id, orderNumber: z.string().nullable(), email: z.string(), amount: z.number(), at: dateTime })
  .meta({ id: 'Redemption' });

const settingsSchema: z.ZodType<ShopSettingsDTO> = z
  .object({ ordersEmail: z.string(), shippingSeededAt: dateTime.nullable() })
  .meta({ id: 'ShopSettings' });

const deleted = z.object({ deletedCount: z.number().int() });

const admin = (summary: string, operation: Omit<ZodOpenApiOperationObject, 'tags' | 'summary' | 'security'>) =>
  op('Checkout admin', `${summary} (admins)`, { security: SIGNED_IN, ...operation });
const idPath = { path: idParam };
const codePath = { path: z.object({ code: z.string() }) };

const zonePaths: ZodOpenApiPathsObject = {
  '/api/admin/shipping-zones': {
    get: admin('Shipping zones with their methods and weight bands', {
      operationId: 'listShippingZones',
      responses: { '200': json(z.array(zoneSchema), 'Every zone'), ...errors(401, 403) },
    }),
    post: admin('Add a shipping zone', {
      operationId: 'createShippingZone',
      requestBody: body(shippingZoneSchema),
      responses: { '201': json(savedZoneSchema, 'The zone, with the gaps it leaves'), ...errors(...WRITE_ERRORS) },
    }),
  },
  '/api/admin/shipping-zones/coverage': {
    get: admin('Where and for what weights no active shipping method ships', {
      operationId: 'getShippingCoverage',
      responses: {
        '200': json(z.object({ gaps: z.array(gapSchema) }), 'The gaps, none when every address ships'),
        ...errors(401, 403),
      },
    }),
  },
  '/api/admin/shipping-zones/{id}': {
    get: admin('One shipping zone', {
      operationId: 'getShippingZone',
      requestParams: idPath,
      responses: { '200': json(zoneSchema, 'The zone'), ...errors(401, 403, 404) },
    }),
    put: admin('Replace a shipping zone and its methods (a method sent with its id keeps it)', {
      operationId: 'updateShippingZone',
      requestParams: idPath,
      requestBody: body(shippingZoneSchema),
      responses: { '200': json(savedZoneSchema, 'The zone, with the gaps it leaves'), ...errors(...WRITE_ERRORS, 404) },
    }),
    delete: admin('Remove a shipping zone', {
      operationId: 'deleteShippingZone',
      requestParams: idPath,
      responses: { '200': json(deleted, 'Removed'), ...errors(401, 403, 404) },
    }),
  },
};

const taxRatePaths: ZodOpenApiPathsObject = {
  '/api/admin/tax-rates': {
    get: admin('The tax table', {
      operationId: 'listTaxRates',
      responses: { '200': json(z.array(taxSchema), 'Every rate'), ...errors(401, 403) },
    }),
    post: admin('Add a tax rate for a country or region', {
      operationId: 'createTaxRate',
      requestBody: body(taxRateSchema),
      responses: { '201': json(taxSchema, 'The rate'), ...errors(...WRITE_ERRORS, 409) },
    }),
  },
  '/api/admin/tax-rates/{id}': {
    put: admin('Change a tax rate', {
      operationId: 'updateTaxRate',
      requestParams: idPath,
      requestBody: body(taxRateSchema),
      responses: { '200': json(taxSchema, 'The rate'), ...errors(...WRITE_ERRORS, 404, 409) },
    }),
    delete: admin('Remove a tax rate', {
      operationId: 'deleteTaxRate',
      requestParams: idPath,
      responses: { '200': json(deleted, 'Removed'), ...errors(401, 403, 404) },
    }),
  },
};

const discountCodePaths: ZodOpenApiPathsObject = {
  '/api/admin/discount-codes': {
    get: admin('Discount codes, newest first, with uses and status', {
      operationId: 'listDiscountCodes',
      responses: { '200': json(z.array(codeSchema), 'Every code'), ...errors(401, 403) },
    }),
    post: admin('Add a discount code', {
      operationId: 'createDiscountCode',
      requestBody: body(discountCodeSchema),
      responses: { '201': json(codeSchema, 'The code'), ...errors(...WRITE_ERRORS, 409) },
    }),
  },
  '/api/admin/discount-codes/{code}': {
    get: admin('One discount code', {
      operationId: 'getDiscountCode',
      requestParams: codePath,
      responses: { '200': json(codeSchema, 'The code'), ...errors(401, 403, 404) },
    }),
    patch: admin('Pause or resume a discount code', {
      operationId: 'setDiscountCodePaused',
      requestParams: codePath,
      requestBody: body(discountStateSchema),
      responses: { '200': json(codeSchema, 'The code'), ...errors(...WRITE_ERRORS, 404) },
    }),
  },
  '/api/admin/discount-codes/{code}/redemptions': {
    get: admin("A discount code's uses, newest first", {
      operationId: 'listRedemptions',
      requestParams: { ...codePath, query: pageQuerySchema },
      responses: {
        '200': json(z.array(redemptionSchema), 'A page of uses; the total in X-Total-Count', PAGE_HEADERS),
        ...errors(400, 401, 403, 404),
      },
    }),
  },
};

const settingsPaths: ZodOpenApiPathsObject = {
  '/api/admin/settings': {
    get: admin("The shop's settings", {
      operationId: 'getShopSettings',
      responses: { '200': json(settingsSchema, 'The settings'), ...errors(401, 403) },
    }),
    put: admin("Change the shop's settings", {
      operationId: 'updateShopSettings',
      requestBody: body(shopSettingsSchema),
      responses: { '200': json(settingsSchema, 'The settings'), ...errors(...WRITE_ERRORS) },
    }),
  },
};

export const checkoutAdminPaths: ZodOpenApiPathsObject = { ...zonePaths, ...taxRatePaths, ...discountCodePaths, ...settingsPaths };
