import { z } from 'zod';
import { CATEGORY_SLUGS } from '@/content/categories';
import { isCountryCode } from '@/lib/validations/countries';
import { regionCode, regionFollowsPostcode } from '@/lib/validations/regions';
import { EMAIL_PATTERN, objectIdSchema } from './common';

/** The admin's checkout inputs (issue 29) in dollars, kg and percent; stored as cents, grams and thousandths of a percent. */

const twoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
const threeDecimals = (value: number) => Math.abs(Math.round(value * 1000) - value * 1000) < 1e-6;

/** Dollars with at most two decimals, from `min` up. */
const dollars = (label: string, min: number, minMessage: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(min, minMessage)
    .max(1_000_000, `${label} is too high`)
    .refine(twoDecimals, `${label} can have at most two decimals`);

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is at most ${max} characters`);

/** The zone that covers every country no other zone names. */
export const REST_OF_WORLD = '*';

export const UNKNOWN_COUNTRY = 'Use two-letter ISO country codes (GB, FR, US)';
const countrySchema = z
  .string({ error: UNKNOWN_COUNTRY })
  .trim()
  .toUpperCase()
  .refine((code) => isCountryCode(code), UNKNOWN_COUNTRY);

// ---- Shipping zones -------------------------------------------------------------------------------

export const BANDS_ASCENDING = 'Each weight band must go higher than the one before';
export const OPEN_BAND_LAST = 'Only the last band can be open (no upper weight)';
export const DAYS_REVERSED = 'The fastest delivery cannot be slower than the slowest';

export const weightBandSchema = z.object({
  // null: no upper limit (the last band only).
  upToKg: z
    .number({ error: 'Weight must be a number of kg' })
    .min(0.001, 'Weight must be at least 0.001 kg (1 g)')
    .max(1000, 'Weight is at most 1000 kg')
    .refine(threeDecimals, 'Weight can have at most three decimals (grams)')
    .nullable(),
  price: dollars('Price', 0, 'Price cannot be negative'),
});

const days = (label: string) =>
  z
    .number({ error: `${label} must be a number of days` })
    .int(`${label} must be whole days`)
    .min(0, `${label} cannot be negative`)
    .max(60, `${label} is at most 60 days`);

export const shippingMethodSchema = z
  .object({
    // A method that already exists keeps its id (checkouts in progress refer to it).
    id: objectIdSchema.optional(),
    label: text('Label', 60),
    bands: z.array(weightBandSchema, { error: 'Bands must be a list' }).min(1, 'Add at least one weight band').max(20, 'At most 20 bands'),
    // Goods at or above this ship free; null: never free.
    freeOver: dollars('Free-shipping threshold', 0, 'Free-shipping threshold cannot be negative').nullable(),
    minDays: days('Fastest delivery'),
    maxDays: days('Slowest delivery'),
    active: z.boolean({ error: 'Active must be true or false' }),
  })
  .superRefine((method, ctx) => {
    if (method.minDays > method.maxDays) ctx.addIssue({ code: 'custom', path: ['maxDays'], message: DAYS_REVERSED });
    method.bands.forEach((band, index) => {
      const previous = method.bands[index - 1];
      if (band.upToKg === null && index < method.bands.length - 1)
        ctx.addIssue({ code: 'custom', path: ['bands', index, 'upToKg'], message: OPEN_BAND_LAST });
      if (previous && previous.upToKg !== null && band.upToKg !== null && band.upToKg <= previous.upToKg)
        ctx.addIssue({ code: 'custom', path: ['bands', index, 'upToKg'], message: BANDS_ASCENDING });
    });
  });
export type ShippingMethodInput = z.output<typeof shippingMethodSchema>;

export const WORLD_ALONE = 'The rest of the world (*) cannot be combined with countries';
const POSTCODE_PREFIX = /^[A-Z0-9]{1,10}$/;

export const shippingZoneSchema = z
  .object({
    name: text('Name', 60),
    countries: z
      .array(
        z
          .string({ error: UNKNOWN_COUNTRY })
          .trim()
          .toUpperCase()
          .refine((code) => code === REST_OF_WORLD || isCountryCode(code), UNKNOWN_COUNTRY),
        { error: 'Countries must be a list' },
      )
      .min(1, 'Name at least one country, or * for the rest of the world')
      .max(249, 'At most 249 countries')
      .transform((codes) => [...new Set(codes)]),
    // Upper case without spaces: "LS1" covers LS1 1AA, "75" covers Paris.
    postcodePrefixes: z
      .array(
        z
          .string({ error: 'Postcode prefixes are letters and digits' })
          .transform((prefix) => prefix.replace(/\s+/g, '').toUpperCase())
          .refine((prefix) => POSTCODE_PREFIX.test(prefix), 'Postcode prefixes are 1 to 10 letters and digits'),
        { error: 'Postcode prefixes must be a list' },
      )
      .max(200, 'At most 200 postcode prefixes')
      .transform((prefixes) => [...new Set(prefixes)])
      .default([]),
    position: z
      .number({ error: 'Position must be a whole number' })
      .int('Position must be a whole number')
      .min(0, 'Position cannot be negative')
      .max(1000, 'Position is at most 1000')
      .default(0),
    methods: z.array(shippingMethodSchema, { error: 'Methods must be a list' }).max(10, 'At most 10 methods').default([]),
  })
  .superRefine((zone, ctx) => {
    if (zone.countries.includes(REST_OF_WORLD) && zone.countries.length > 1)
      ctx.addIssue({ code: 'custom', path: ['countries'], message: WORLD_ALONE });
    const labels = zone.methods.map((method) => method.label.toLowerCase());
    labels.forEach((label, index) => {
      if (labels.indexOf(label) !== index)
        ctx.addIssue({ code: 'custom', path: ['methods', index, 'label'], message: 'Two methods of a zone cannot share a label' });
    });
  });
export type ShippingZoneInput = z.output<typeof shippingZoneSchema>;
export type ShippingZoneFormValues = z.input<typeof shippingZoneSchema>;

// ---- Tax rates ------------------------------------------------------------------------------------

export const REGION_PATTERN = /^[A-Z0-9][A-Z0-9 -]{0,39}$/;
export const US_REGION_CODE = 'Use a US state code like NY';
export const CA_REGION_CODE = 'Use a Canadian province code like QC';

export const taxRateSchema = z
  .object({
    country: countrySchema,
    // '' for the whole country; else a state or province code ("CA", "QC").
    region: z
      .string({ error: 'Region must be text' })
      .trim()
      .toUpperCase()
      .refine((region) => region === '' || REGION_PATTERN.test(region), 'Region is up to 40 letters, digits, spaces or dashes')
      .default(''),
    // Three decimals: New York City's 8.875%.
    rate: z
      .number({ error: 'Rate must be a number (percent)' })
      .min(0, 'Rate must be from 0 to 100%')
      .max(100, 'Rate must be from 0 to 100%')
      .refine(threeDecimals, 'Rate can have at most three decimals'),
    taxShipping: z.boolean({ error: 'Tax on shipping must be true or false' }).default(false),
    label: z.string({ error: 'Label must be text' }).trim().max(40, 'Label is at most 40 characters').default('Tax'),
  })
  .transform((rate, ctx) => {
    // A buyer's US state or Canadian province comes from the postcode as a code: a rate under any other name would never apply.
    if (!rate.region || !regionFollowsPostcode(rate.country)) return rate;
    const region = regionCode(rate.country, rate.region);
    if (region) return { ...rate, region };
    ctx.addIssue({ code: 'custom', path: ['region'], message: rate.country === 'CA' ? CA_REGION_CODE : US_REGION_CODE });
    return z.NEVER;
  });
export type TaxRateInput = z.output<typeof taxRateSchema>;
export type TaxRateFormValues = z.input<typeof taxRateSchema>;

// ---- Discount codes -------------------------------------------------------------------------------

export const CODE_FORMAT = 'A code is 3 to 32 letters, digits, dashes or underscores';
export const CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;
export const codeSchema = z
  .string({ error: CODE_FORMAT })
  .trim()
  .toUpperCase()
  .refine((code) => CODE_PATTERN.test(code), CODE_FORMAT);

export const PERCENT_RANGE = 'Percent must be a whole number from 1 to 100';
export const FIXED_ABOVE_ZERO = 'The amount must be more than $0';
export const ENDS_BEFORE_START = 'The end must be after the start';
/** ISO date-time; without an offset it is read as UTC. */
const instant = z
  .string({ error: 'Use an ISO date-time (2026-12-01T00:00:00Z)' })
  .trim()
  .refine((value) => z.iso.datetime({ offset: true, local: true }).safeParse(value).success, 'Use an ISO date-time (2026-12-01T00:00:00Z)')
  .transform((value) => new Date(/(Z|[+-]\d\d:?\d\d)$/i.test(value) ? value : `${value}Z`))
  .refine((date) => !Number.isNaN(date.getTime()), 'Use an ISO date-time (2026-12-01T00:00:00Z)')
  .nullable()
  .default(null);

export const discountCodeSchema = z
  .object({
    code: codeSchema,
    kind: z.enum(['percent', 'fixed', 'free-shipping'], { error: 'Choose percent, fixed or free-shipping' }),
    percent: z.number({ error: PERCENT_RANGE }).int(PERCENT_RANGE).min(1, PERCENT_RANGE).max(100, PERCENT_RANGE).nullable().optional(),
    amount: dollars('Amount', 0.01, FIXED_ABOVE_ZERO).nullable().optional(),
    minSubtotal: dollars('Minimum subtotal', 0, 'Minimum subtotal cannot be negative').default(0),
    startsAt: instant,
    endsAt: instant,
    maxUses: z
      .number({ error: 'Uses must be a whole number' })
      .int('Uses must be a whole number')
      .min(1, 'Allow at least one use')
      .max(1_000_000, 'At most 1,000,000 uses')
      .nullable()
      .default(null),
    oncePerCustomer: z.boolean({ error: 'Once per customer must be true or false' }).default(false),
    categories: z
      .array(z.enum(CATEGORY_SLUGS, { error: 'Choose categories from the list' }), { error: 'Categories must be a list' })
      .max(CATEGORY_SLUGS.length)
      .transform((list) => [...new Set(list)])
      .default([]),
    brands: z
      .array(text('Brand', 60), { error: 'Brands must be a list' })
      .max(50, 'At most 50 brands')
      .transform((list) => [...new Set(list)])
      .default([]),
  })
  .superRefine((input, ctx) => {
    if (input.kind === 'percent' && (input.percent === undefined || input.percent === null))
      ctx.addIssue({ code: 'custom', path: ['percent'], message: PERCENT_RANGE });
    if (input.kind === 'fixed' && (input.amount === undefined || input.amount === null))
      ctx.addIssue({ code: 'custom', path: ['amount'], message: FIXED_ABOVE_ZERO });
    if (input.startsAt && input.endsAt && input.endsAt <= input.startsAt)
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: ENDS_BEFORE_START });
  });
export type DiscountCodeInput = z.output<typeof discountCodeSchema>;
export type DiscountCodeFormValues = z.input<typeof discountCodeSchema>;

/** `PATCH /api/admin/discount-codes/{code}`: pause or resume. */
export const discountStateSchema = z.object({ paused: z.boolean({ error: 'paused must be true or false' }) });

// ---- Settings -------------------------------------------------------------------------------------

export const shopSettingsSchema = z.object({
  // Where each new order is announced; '' for nobody.
  ordersEmail: z
    .string({ error: 'Provide a valid Email' })
    .trim()
    .max(254, 'Provide a valid Email')
    .refine((email) => email === '' || EMAIL_PATTERN.test(email), 'Provide a valid Email')
    .transform((email) => email.toLowerCase()),
});
export type ShopSettingsInput = z.output<typeof shopSettingsSchema>;
