import { z } from 'zod';
import { PART_POSITIONS, PART_UNITS } from '@/lib/core/part-fields';
import type { AddressBook, ProfileDTO } from '@/lib/accounts';
import type { AddressDTO } from '@/lib/core/address';
import type { Garage } from '@/lib/vehicles';
import type { OrderDTO } from '@/lib/orders';
import type { PartDTO } from '@/lib/catalog';
import type { ReviewDTO } from '@/lib/reviews';
import type { Suggestion } from '@/lib/catalog';
import type { CartLineView, CartView } from '@/lib/cart';
import type { SavedAddresses } from '@/lib/checkout';
import type { Quote } from '@/lib/checkout';
import type { VinDecodeResult } from '@/lib/vehicles';

/**
 * The shapes the API answers with, for the OpenAPI document (lib/openapi/document.ts). Requests are
 * described by the very schemas the routes parse with (lib/validations); answers have no schema in
 * the routes, so they are written here once, each checked against the lib/ type it describes (a
 * field added to a DTO and not here fails the type check).
 */

const id = z.string().regex(/^[a-f\d]{24}$/i);
const dateTime = z.string().meta({ format: 'date-time' });
const nullable = <T extends z.ZodType>(schema: T) => schema.nullable();

export const errorSchema = z
  .object({
    error: z.string(),
    fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
    success: z.literal(false).optional(),
    url: z.string().optional(),
  })
  .meta({ id: 'Error', description: 'Every refusal: the message, and per-field messages for a form' });

const fitmentSchema = z.object({
  make: z.string(),
  model: z.string(),
  yearFrom: z.number().int(),
  yearTo: z.number().int(),
  engine: nullable(z.string()),
  notes: nullable(z.string()),
});

export const partSchema: z.ZodType<PartDTO> = z
  .object({
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
    availableQuantity: z.number().int(),
    minimumQuantity: z.number().int(),
    unit: z.enum(PART_UNITS),
    weightKg: z.number().nullable(),
    archived: z.boolean(),
    createdAt: dateTime,
    updatedAt: dateTime,
  })
  .meta({ id: 'Part' });

export const addressSchema: z.ZodType<AddressDTO> = z
  .object({
    name: z.string(),
    line1: z.string(),
    line2: nullable(z.string()),
    city: z.string(),
    region: nullable(z.string()),
    postalCode: z.string(),
    country: z.string(),
  })
  .meta({ id: 'Address' });

const addressBookEntrySchema = z.object({ id, address: addressSchema, isDefault: z.boolean() }).strict();

export const addressBookSchema: z.ZodType<AddressBook> = z
  .object({ addresses: z.array(addressBookEntrySchema).meta({ description: 'Up to 20, the default first' }) })
  .strict()
  .meta({ id: 'AddressBook' });

export const orderSchema: z.ZodType<OrderDTO> = z
  .object({
    _id: id,
    partId: id,
    partName: z.string(),
    price: z.number(),
    name: z.string(),
    email: z.string(),
    address: z.string(),
    phone: z.string(),
    quantity: z.number().int(),
    total: z.number(),
    paid: z.boolean(),
    status: z.enum(['pending', 'shipped']),
    transactionId: nullable(z.string()),
    cancelled: z.boolean(),
    createdAt: dateTime,
    paidAt: nullable(dateTime),
    shippedAt: nullable(dateTime),
    cancelledAt: nullable(dateTime),
    number: z.string(),
    carrier: nullable(z.string()),
    trackingNumber: nullable(z.string()),
    trackingUrl: nullable(z.string()),
    cancelledBy: z.enum(['customer', 'admin', 'system']).nullable(),
    lines: z.array(
      z.object({ partId: id, partName: z.string(), unitPrice: z.number(), quantity: z.number().int(), lineTotal: z.number() }).strict(),
    ),
    subtotal: z.number(),
    shipping: nullable(z.object({ label: z.string(), amount: z.number(), minDays: z.number().int(), maxDays: z.number().int() }).strict()),
    discount: nullable(z.object({ code: z.string(), amount: z.number() }).strict()),
    tax: z.number(),
    shippingAddress: nullable(addressSchema),
    guest: z.boolean(),
    holdUntil: nullable(dateTime),
    stockHeld: z
      .boolean()
      .meta({ description: 'Whether the unpaid order holds its parts; one placed past its client’s hold limits takes them when paid' }),
  })
  .meta({ id: 'Order' });

export const reviewSchema: z.ZodType<ReviewDTO> = z
  .object({ _id: id, name: z.string(), image: z.string(), review: z.string(), rating: z.number().int(), createdAt: dateTime })
  .meta({ id: 'Review' });

export const profileSchema: z.ZodType<ProfileDTO> = z
  .object({
    _id: id,
    name: z.string(),
    email: z.string(),
    education: z.string(),
    image: z.string(),
    district: z.string(),
    city: z.string(),
    linkedin: nullable(z.string()),
    github: nullable(z.string()),
    phone: z.string(),
  })
  .meta({ id: 'Profile' });

export const publicUserSchema = z
  .object({
    _id: id,
    email: z.string(),
    name: z.string(),
    role: z.literal('admin').nullable(),
    emailVerified: z.boolean(),
    createdAt: dateTime,
  })
  .meta({ id: 'User' });

export const garageSchema: z.ZodType<Garage> = z
  .object({
    vehicles: z.array(
      z.object({ id: z.string(), year: z.number().int(), make: z.string(), model: z.string(), engine: nullable(z.string()) }),
    ),
    activeId: nullable(z.string()),
  })
  .meta({ id: 'Garage' });

const facetValue = z.object({ value: z.string(), count: z.number().int() });
export const searchPageSchema = z
  .object({
    items: z.array(partSchema),
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

export const suggestionSchema: z.ZodType<Suggestion> = z
  .union([
    z.object({ kind: z.literal('part'), id: z.string(), label: z.string(), detail: z.string() }),
    z.object({ kind: z.literal('query'), value: z.string(), label: z.string(), detail: z.string() }),
    z.object({ kind: z.enum(['category', 'brand']), value: z.string(), label: z.string() }),
  ])
  .meta({ id: 'Suggestion' });

export const vinSchema: z.ZodType<Extract<VinDecodeResult, { ok: true }>> = z
  .object({
    ok: z.literal(true),
    vin: z.string(),
    wmi: z.string(),
    make: z.string().nullable(),
    modelYear: z.number().int(),
    candidateYears: z.array(z.number().int()),
  })
  .meta({ id: 'VinDecoded' });

export const vehiclesSchema = z.union([
  z.object({ makes: z.array(z.string()), makesWithParts: z.array(z.string()) }).strict(),
  z
    .object({
      models: z.array(z.object({ model: z.string(), years: z.array(z.number().int()), yearsWithParts: z.array(z.number().int()) })),
    })
    .strict(),
  z.object({ years: z.array(z.object({ year: z.number().int(), engines: z.array(z.string()) })) }).strict(),
]);

export const ack = {
  inserted: z.object({ acknowledged: z.literal(true), insertedId: id }),
  deleted: z.object({ acknowledged: z.literal(true), deletedCount: z.number().int() }),
  modified: z.object({ acknowledged: z.literal(true), modifiedCount: z.number().int() }),
  message: z.object({ success: z.literal(true), message: z.string() }),
};

const cartLineSchema: z.ZodType<CartLineView> = z
  .object({
    partId: id,
    name: z.string(),
    img: nullable(z.string()),
    brand: nullable(z.string()),
    partNumber: nullable(z.string()),
    category: nullable(z.string()),
    unit: z.string(),
    unitPrice: z.number(),
    addedPrice: z.number(),
    quantity: z.number().int(),
    minimumQuantity: z.number().int(),
    availableQuantity: z.number().int(),
    lineTotal: z.number(),
    weightKg: nullable(z.number()),
    problems: z.array(z.enum(['unavailable', 'price-raised', 'price-lowered', 'below-minimum', 'over-stock'])),
  })
  .strict()
  .meta({ id: 'CartLine' });

export const cartSchema: z.ZodType<CartView> = z
  .object({
    lines: z.array(cartLineSchema),
    count: z.number().int(),
    lineCount: z.number().int(),
    subtotal: z.number(),
    currency: z.literal('usd'),
    leftInGuestCart: z
      .number()
      .int()
      .optional()
      .meta({ description: 'Lines of the cart filled before signing in that did not fit into this one: they wait there' }),
  })
  .strict()
  .meta({ id: 'Cart' });

export const quoteResponseSchema: z.ZodType<Quote> = z
  .object({
    subtotal: z.number(),
    discount: z.number(),
    methods: z.array(
      z
        .object({
          id: z.string(),
          label: z.string(),
          amount: z.number(),
          estimate: z.object({ minDays: z.number().int(), maxDays: z.number().int(), by: z.string() }).strict(),
          discount: z.number(),
          tax: z.number(),
          total: z.number(),
        })
        .strict(),
    ),
    tax: z.number(),
    total: z.number(),
    currency: z.literal('usd'),
    taxLabel: z.string(),
    region: nullable(z.string()),
    discountCode: nullable(z.object({ code: z.string(), kind: z.enum(['percent', 'fixed', 'free-shipping']) }).strict()),
    lines: z.array(cartLineSchema),
  })
  .strict()
  .meta({ id: 'Quote' });

export const placedCheckoutSchema = z
  .object({ orderId: id, orderNumber: z.string(), total: z.number(), orderUrl: z.string(), payUrl: z.string() })
  .strict()
  .meta({ id: 'PlacedCheckout' });

/** A 409 of the checkout: the message, and the quote as it stands now when it could be computed. */
export const quoteChangedSchema = z
  .object({ error: z.string(), quote: quoteResponseSchema.optional(), fieldErrors: z.record(z.string(), z.array(z.string())).optional() })
  .strict();

export const savedAddressesSchema: z.ZodType<SavedAddresses> = z
  .object({
    book: z.array(addressBookEntrySchema),
    fromOrders: z.array(addressSchema).meta({ description: "Past orders' addresses the book does not hold, newest first" }),
    prefill: nullable(z.object({ address: addressSchema, phone: z.string() }).strict()).meta({
      description: "What the checkout fills in: the default address (with no book, the last order's) and the last order's phone",
    }),
  })
  .strict();
