import { z } from 'zod';
import { isCountryCode } from '@/lib/validations/countries';
import { isPostcodeOf, normalizePostcode, postcodeFormatMessage, unusedPostcodeMessage } from '@/lib/validations/postcodes';
import { regionCode, regionFollowsPostcode, regionMismatchMessage, regionOfPostcode } from '@/lib/validations/regions';
import { orderNumberOf, TYPED_ORDER_NUMBER } from '@/lib/validations/order-number';
import { emailSchema, objectIdSchema } from './common';
import { ORDER_MAX, ORDER_MAX_TEXT, lineQuantitySchema } from './orders';
import { vehicleChoiceSchema } from './vehicles';
import { lineFitSchema } from './vehicles';

/** Cart and checkout calls (issue 29); amounts in dollars with cents, as the rest of the API. */

const quantity = lineQuantitySchema.min(1, 'Quantity must be at least 1');

// `fit`: the vehicle and the answers to the part's fit questions, checked against its rows on the server.
export const addCartLineSchema = z.object({ partId: objectIdSchema, quantity, fit: lineFitSchema.optional() });
export const cartQuantitySchema = z.object({ quantity });

export const KIT_FIT_OTHER_VEHICLE = "The answers must be for the job's vehicle";

type Vehicle = z.infer<typeof vehicleChoiceSchema>;
// Names compare without regard to case, as the fitment does.
const sameName = (a = '', b = '') => a.toLowerCase() === b.toLowerCase();
const sameVehicle = (a: Vehicle, b: Vehicle) =>
  a.year === b.year && sameName(a.make, b.make) && sameName(a.model, b.model) && sameName(a.engine, b.engine);

/** `POST /api/cart/lines` with several lines (a job kit): all or nothing, each line checked to fit the vehicle, and the
 * answers to its fit questions (`fit`, for the same vehicle) checked as a single line's. */
export const addCartLinesSchema = z
  .object({
    lines: z
      .array(addCartLineSchema, { error: 'Give the lines to add' })
      .min(1, 'Give the lines to add')
      .max(ORDER_MAX.lines, `A cart holds at most ${ORDER_MAX.lines} different parts`)
      .refine((lines) => new Set(lines.map((line) => line.partId)).size === lines.length, 'Give each part once'),
    vehicle: vehicleChoiceSchema,
  })
  .strict()
  .superRefine(({ lines, vehicle }, ctx) => {
    lines.forEach(({ fit }, index) => {
      if (fit && !sameVehicle(fit.vehicle, vehicle))
        ctx.addIssue({ code: 'custom', message: KIT_FIT_OTHER_VEHICLE, path: ['lines', index, 'fit', 'vehicle'] });
    });
  });
export type AddCartLinesInput = z.infer<typeof addCartLinesSchema>;

/** Control characters in one-line fields could inject a line into the shop's emails (header-style injection). */
const CONTROL = /\p{Cc}/u;
const onOneLine = (label: string) => [(value: string) => !CONTROL.test(value), `${label} must be on one line`] as const;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is Required` })
    .trim()
    .min(1, `${label} is Required`)
    .max(max, `${label} is too long`)
    .refine(...onOneLine(label));
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} is too long`)
    .refine(...onOneLine(label))
    .optional()
    .transform((value) => value || undefined);

export const countrySchema = z
  .string({ error: 'Country is Required' })
  .trim()
  .toUpperCase()
  .refine(isCountryCode, 'Choose a country from the list');
export const postalCodeSchema = z
  .string({ error: 'Postcode is Required' })
  .trim()
  .min(1, 'Postcode is Required')
  .max(12, 'Postcode is too long')
  .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, 'Postcode has characters it cannot have')
  .transform(normalizePostcode);
const discountCode = z
  .string({ error: 'Code must be text' })
  .trim()
  .max(32, 'This code is not valid')
  .regex(/^[A-Za-z0-9_-]*$/, 'This code is not valid')
  .optional()
  .transform((value) => value || undefined);

type Place = { country: string; postalCode: string; region?: string | undefined };

/** Postcode format per country, and the region it decides (US state, Canadian province) wins over a typed one: tax follows it. */
function placedByPostcode<T extends Place>(place: T, ctx: z.RefinementCtx): T {
  const { country, postalCode } = place;
  if (!isPostcodeOf(country, postalCode)) {
    ctx.addIssue({ code: 'custom', path: ['postalCode'], message: postcodeFormatMessage(country) });
    return z.NEVER;
  }
  if (!regionFollowsPostcode(country)) return place;
  const region = regionOfPostcode(country, postalCode);
  if (!region) {
    ctx.addIssue({ code: 'custom', path: ['postalCode'], message: unusedPostcodeMessage(country, postalCode) });
    return z.NEVER;
  }
  if (place.region && regionCode(country, place.region) !== region) {
    ctx.addIssue({ code: 'custom', path: ['region'], message: regionMismatchMessage(country, postalCode, region) });
    return z.NEVER;
  }
  return { ...place, region };
}

export const quoteSchema = z
  .object({
    country: countrySchema,
    postalCode: postalCodeSchema,
    region: optionalText('Region', 40),
    discountCode,
    // A part's own page: the quote of that part alone, at its minimum quantity.
    partId: objectIdSchema.optional(),
  })
  .transform(placedByPostcode);
export type QuoteInput = z.infer<typeof quoteSchema>;

export const addressSchema = z
  .object({
    name: text('Name', 100),
    line1: text('Address', 200),
    line2: optionalText('Address line 2', 200),
    city: text('City', 100),
    region: optionalText('Region', 40),
    postalCode: postalCodeSchema,
    country: countrySchema,
  })
  .transform(placedByPostcode);
export type AddressInput = z.infer<typeof addressSchema>;

export const checkoutSchema = z.object({
  email: emailSchema.optional(),
  address: addressSchema,
  phone: z
    .string({ error: 'Number is Required' })
    .trim()
    .min(1, 'Number is Required')
    .min(6, 'Minimum 6 Character')
    .max(30, 'Number is too long')
    .refine(...onOneLine('Number')),
  shippingMethod: z
    .string({ error: 'Choose a shipping method' })
    .trim()
    .min(1, 'Choose a shipping method')
    .max(40, 'Choose a shipping method'),
  discountCode,
  // A signed-in customer's "Save this address to my address book" (a guest has no book: ignored).
  saveAddress: z.boolean({ error: 'saveAddress must be true or false' }).optional(),
  quotedTotal: z
    .number({ error: 'quotedTotal must be a number' })
    .min(0)
    .max(ORDER_MAX.totalCents / 100, ORDER_MAX_TEXT.total)
    .optional(),
});
export type CheckoutInput = z.infer<typeof checkoutSchema>;

export const ORDER_NUMBER_FORMAT = 'Enter the number from your confirmation email, like PM-100234';

/** `/orders/lookup`: the number as the buyer types it (with or without `PM-`), read as orders store it. */
export const orderLookupSchema = z.object({
  number: z
    .string({ error: 'Order number is Required' })
    .trim()
    .min(1, { error: 'Order number is Required', abort: true })
    .max(40, { error: 'Order number is too long', abort: true })
    .regex(TYPED_ORDER_NUMBER, ORDER_NUMBER_FORMAT)
    .transform((typed) => orderNumberOf(typed)!),
  email: emailSchema,
});
