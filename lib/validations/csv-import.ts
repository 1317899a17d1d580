import { z } from 'zod';
import { CATEGORIES, DEFAULT_CATEGORY } from '@/content/categories';
import { PART_POSITIONS, PART_UNITS } from '@/lib/core/part-fields';
import { imageUrlSchema } from './common';
import { fitmentRowSchema, MAX_INTERCHANGE, optionalText, partFieldsSchema, partNumberSchema } from './parts';

/** The shop's own CSV files (public/templates): every cell is text; a column the header leaves out stays undefined
 * (an update keeps that field), a blank cell of an optional column clears it or takes its default. */

const DECIMAL = /^\d+(?:\.\d+)?$/;
const WHOLE = /^\d+$/;

/** A cell the row must fill. */
const requiredCell = (label: string, max: number) =>
  z
    .string({ error: `${label} is Required` })
    .trim()
    .min(1, `${label} is Required`)
    .max(max, `${label} is too long`);

const csvPartNumber = partNumberSchema('Part number').refine((value) => value !== '', 'Part number is Required');

/** A number written plainly ("12.50"; no currency sign, no thousands separator), then held to `schema`. */
const decimalCell = <T extends z.ZodType<unknown, number | null>>(label: string, schema: T) =>
  z
    .string()
    .trim()
    .refine((text) => text === '' || DECIMAL.test(text), `${label} must be a number like 12.50`)
    .transform((text) => (text === '' ? null : Number(text)))
    .pipe(schema);

/** `;`-separated values, each held to `item`. */
const listCell = <T extends z.ZodType<unknown, string>>(item: T, max: number, tooMany: string) =>
  z
    .string()
    .transform((text) =>
      text
        .split(';')
        .map((value) => value.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item).max(max, tooMany));

/** A category by its slug or its name, in any case ("brakes", "Brakes", "other parts"); blank: Other parts. */
const categoryCell = z
  .string()
  .trim()
  .transform((text) => {
    const wanted = text.toLowerCase();
    if (!wanted) return DEFAULT_CATEGORY;
    return CATEGORIES.find((category) => category.slug === wanted || category.name.toLowerCase() === wanted)?.slug ?? text;
  })
  .pipe(partFieldsSchema.shape.category);

const enumCell = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .string()
    .trim()
    .transform((text) => text.toLowerCase())
    .pipe(z.enum(['', ...values], { error: message }))
    .transform((value) => (value || undefined) as T[number] | undefined);

export const csvPartRowSchema = z.object({
  brand: requiredCell('Brand', 60),
  partNumber: csvPartNumber,
  name: partFieldsSchema.shape.name,
  description: partFieldsSchema.shape.description,
  price: decimalCell('Price', z.number({ error: 'Price is Required' }).pipe(partFieldsSchema.shape.price)),
  category: categoryCell.optional(),
  unit: enumCell(PART_UNITS, `Unit is one of ${PART_UNITS.join(', ')}`)
    .transform((unit) => unit ?? 'piece')
    .optional(),
  weightKg: decimalCell('Weight', z.union([z.null(), partFieldsSchema.shape.weightKg.unwrap().unwrap()])).optional(),
  img: z
    .string()
    .trim()
    .transform((text) => text || undefined)
    .pipe(imageUrlSchema.optional())
    .optional(),
  position: enumCell(PART_POSITIONS, `Position is one of ${PART_POSITIONS.join(', ')}`).optional(),
  oeNumbers: listCell(partNumberSchema('OE number'), MAX_INTERCHANGE, `At most ${MAX_INTERCHANGE} OE numbers`).optional(),
});
export type CsvPartRow = z.output<typeof csvPartRowSchema>;

/** A year written as four digits, then held to the fitment row's year rules. */
const yearCell = z
  .string()
  .trim()
  .transform((text) => (WHOLE.test(text) ? Number(text) : undefined));

export const csvFitmentRowSchema = z.object({
  brand: requiredCell('Brand', 60),
  partNumber: csvPartNumber,
  vehicle: z
    .object({
      make: z.string().optional(),
      model: z.string().optional(),
      yearFrom: yearCell,
      yearTo: yearCell,
      engine: z.string().optional(),
      notes: z.string().optional(),
    })
    .pipe(fitmentRowSchema),
  subModel: optionalText(60, 'Submodel is too long'),
  position: optionalText(60, 'Position is too long'),
  quantity: z
    .string()
    .trim()
    .refine((text) => text === '' || WHOLE.test(text), 'Quantity must be a whole number')
    .transform((text) => (text === '' ? undefined : Number(text)))
    .pipe(z.number().min(1, 'Quantity must be at least 1').max(1000, 'Quantity is at most 1000').optional())
    .optional(),
  qualifiers: listCell(z.string().max(300, 'A qualifier is at most 300 characters'), 20, 'At most 20 qualifiers').optional(),
});
export type CsvFitmentRow = z.output<typeof csvFitmentRowSchema>;
