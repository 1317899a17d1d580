import { z } from 'zod';
import { CATEGORY_SLUGS, DEFAULT_CATEGORY } from '@/content/categories';
import { FIRST_MODEL_YEAR, PART_POSITIONS, lastModelYear } from '@/lib/core/part-fields';
import { hasAtMostTwoDecimals } from '@/lib/core/money';
import { imageUrlSchema } from './common';

const wholeNumber = (required: string) =>
  z.number({ error: required }).int('Use a whole number').min(0, 'Quantity cannot be negative').max(1_000_000, 'That is too many');

/** Money in dollars, validated once for create and update alike: at least one cent, whole cents only. */
export const priceSchema = z
  .number({ error: 'Price is Required' })
  .min(0.01, 'Price must be at least $0.01')
  .max(1_000_000, 'Price is too high')
  .refine((price) => Math.round(price * 100) / 100 === price, 'Price can have at most two decimals');

export const CORE_CHARGE_TEXT = {
  type: 'Core charge must be a number of dollars',
  negative: 'Core charge cannot be negative',
  high: 'Core charge is at most 100000',
  cents: 'Core charge can have at most two decimals',
} as const;

/** The core deposit per unit in dollars (a rebuildable part's old unit pays it back); 0, null or left out: none. */
export const coreChargeSchema = z
  .number({ error: CORE_CHARGE_TEXT.type })
  .min(0, CORE_CHARGE_TEXT.negative)
  .max(100_000, CORE_CHARGE_TEXT.high)
  .refine(hasAtMostTwoDecimals, CORE_CHARGE_TEXT.cents)
  .nullable()
  .optional()
  .transform((charge) => (charge === 0 ? null : charge));

export const MINIMUM_ABOVE_AVAILABLE = 'Minimum quantity cannot be more than the available quantity';

/** True when nobody could buy the part: some stock, but less than the minimum (no stock shows 'Out Of Stock'). */
export function isMinimumAboveAvailable({ availableQuantity, minimumQuantity }: { availableQuantity: number; minimumQuantity: number }) {
  return availableQuantity > 0 && minimumQuantity > availableQuantity;
}

/** Optional text: blank means not given. */
export const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((value) => value || undefined);

export const yearSchema = (label: string) =>
  z
    .number({ error: `${label} is Required` })
    .int(`${label} must be a whole year`)
    .min(FIRST_MODEL_YEAR, `${label} must be ${FIRST_MODEL_YEAR} or later`)
    .refine((year) => year <= lastModelYear(), `${label} cannot be later than next year`);

export const YEARS_REVERSED = 'The last year cannot be before the first year';

/** A fitment row (ACES-shaped): base vehicle, years, an optional engine and qualifier notes. */
export const fitmentRowSchema = z
  .object({
    make: z.string({ error: 'Choose a make' }).trim().min(1, 'Choose a make').max(40, 'Make is too long'),
    model: z.string({ error: 'Choose a model' }).trim().min(1, 'Choose a model').max(40, 'Model is too long'),
    yearFrom: yearSchema('From year'),
    yearTo: yearSchema('To year'),
    engine: optionalText(40, 'Engine is too long'),
    notes: optionalText(200, 'Notes are too long'),
    // As ACES has them (issue 46); a row entered by hand may leave them out.
    position: optionalText(60, 'Position is too long'),
    quantity: z
      .number({ error: 'Quantity must be a number' })
      .int('Quantity must be a whole number')
      .min(1, 'Quantity must be at least 1')
      .max(1000, 'Quantity is at most 1000')
      .nullish()
      .transform((value) => value ?? undefined),
    qualifiers: z
      .array(z.string({ error: 'A qualifier must be text' }).trim().min(1, 'A qualifier is empty').max(300, 'A qualifier is too long'), {
        error: 'Qualifiers must be a list',
      })
      .max(20, 'At most 20 qualifiers')
      .optional(),
  })
  .refine((row) => row.yearFrom <= row.yearTo, { path: ['yearTo'], message: YEARS_REVERSED });
export type FitmentRow = z.infer<typeof fitmentRowSchema>;

const NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 .\-/]*$/;
export const partNumberSchema = (label: string) =>
  z
    .string()
    .trim()
    .max(40, `${label} is too long`)
    .refine((value) => value === '' || NUMBER_PATTERN.test(value), `${label} has letters, digits, spaces, dashes, dots or slashes only`);

const oemNumbersSchema = z
  .array(
    partNumberSchema('OEM number').refine((value) => value !== '', 'OEM number is empty'),
    { error: 'OEM numbers must be a list' },
  )
  .max(20, 'At most 20 OEM numbers');
export const INTERCHANGE_KINDS = ['oe', 'aftermarket'] as const;
export const MAX_INTERCHANGE = 50;

/** A number the part replaces: the vehicle maker's (OE) or another brand's (aftermarket), brand optional. */
export const interchangeEntrySchema = z.object({
  brand: optionalText(60, 'Brand is too long'),
  number: partNumberSchema('Interchange number').refine((value) => value !== '', 'Interchange number is Required'),
  kind: z.enum(INTERCHANGE_KINDS, { error: 'Choose OE or aftermarket' }),
});
export type InterchangeEntry = z.infer<typeof interchangeEntrySchema>;

const interchangeSchema = z
  .array(interchangeEntrySchema, { error: 'Interchange numbers must be a list' })
  .max(MAX_INTERCHANGE, `At most ${MAX_INTERCHANGE} interchange numbers`);
const fitmentSchema = z.array(fitmentRowSchema, { error: 'Fitment must be a list of vehicles' }).max(200, 'At most 200 fitment rows');
const categorySchema = z.enum(CATEGORY_SLUGS, { error: 'Choose a category' });

export const partFieldsSchema = z.object({
  name: z.string({ error: 'Name is Required' }).trim().min(1, 'Name is Required').max(120, 'Name is too long'),
  price: priceSchema,
  availableQuantity: wholeNumber('Give some Quantity'),
  minimumQuantity: wholeNumber('Give minimum Quantity of product').min(1, 'Minimum quantity must be at least 1'),
  img: imageUrlSchema,
  // The spec's wording for an empty description is 'Review is Required'.
  description: z
    .string({ error: 'Review is Required' })
    .trim()
    .min(1, 'Review is Required')
    .min(50, 'Give Description 50 characters or longer')
    .max(5000, 'Description is too long'),
  category: categorySchema,
  brand: optionalText(60, 'Brand is too long'),
  partNumber: partNumberSchema('Part number')
    .optional()
    .transform((value) => value || undefined),
  oemNumbers: oemNumbersSchema,
  interchange: interchangeSchema,
  // '' is the form's "No position": like a blank brand, it clears the field on an edit.
  position: z
    .enum(['', ...PART_POSITIONS], { error: 'Choose a position from the list' })
    .optional()
    .transform((value) => value || undefined),
  fitment: fitmentSchema,
  // The shipping weight; null or left out: the default of 1 kg (lib/checkout/shipping.ts).
  weightKg: z
    .number({ error: 'Weight must be a number of kg' })
    .min(0.001, 'Weight must be at least 0.001 kg (1 g)')
    .max(1000, 'Weight is at most 1000 kg')
    .refine((kg) => Math.abs(Math.round(kg * 1000) - kg * 1000) < 1e-6, 'Weight can have at most three decimals (grams)')
    .nullable()
    .optional(),
  coreCharge: coreChargeSchema,
});

/** Add and Edit Product, shared by form and routes; the spec's payload lands in `other`.
 * Defaults only here, so an update leaving a field out keeps it. */
export const partInputSchema = partFieldsSchema
  .extend({
    category: categorySchema.default(DEFAULT_CATEGORY),
    oemNumbers: oemNumbersSchema.default([]),
    interchange: interchangeSchema.default([]),
    fitment: fitmentSchema.default([]),
  })
  .superRefine((part, ctx) => {
    if (isMinimumAboveAvailable(part)) ctx.addIssue({ code: 'custom', path: ['minimumQuantity'], message: MINIMUM_ABOVE_AVAILABLE });
  });
export type PartInput = z.output<typeof partInputSchema>;
/** What the Add/Edit Product form holds before the schema fills defaults. */
export type PartFormValues = z.input<typeof partInputSchema>;

/** `PUT /api/parts/{id}`: the create rules per field; a new availableQuantity becomes a ledger move from
 * `expectedAvailableQuantity` (the stock the admin saw), so orders placed meanwhile stay. */
export const partUpdateSchema = partFieldsSchema.partial().extend({
  expectedAvailableQuantity: z.number().int().min(0).optional(),
});
export type PartUpdate = z.infer<typeof partUpdateSchema>;
