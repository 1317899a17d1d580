import { z } from 'zod';
import { CATEGORY_SLUGS } from '@/content/categories';

/** The admin's import tables (issue 46): the supplier's brand ids to the shop's brands, part types to categories, PCdb
 * position ids to their names, the price type. */

export const AAIA_ID_FORMAT = 'A brand id is 4 letters or digits (its AAIA BrandID)';
export const PRICE_TYPE_FORMAT = 'A price type is 2 to 4 letters or digits (RET, LST, JBR...)';
export const PART_TYPE_FORMAT = 'A part type is a PCdb PartTerminologyID, a whole number from 1';
export const DUPLICATE_BRAND_ID = 'This brand id is already in the table';
export const DUPLICATE_PART_TYPE = 'This part type is already in the table';
export const POSITION_ID_FORMAT = 'A position is a PCdb position id, a whole number from 1';
export const POSITION_NAME_REQUIRED = 'Position name is Required';
export const POSITION_NAME_TOO_LONG = 'A position name is at most 60 characters';
export const DUPLICATE_POSITION = 'This position id is already in the table';

/** A PIES price type, compared upper case ("ret" is RET). */
export const priceTypeSchema = z
  .string({ error: PRICE_TYPE_FORMAT })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2,4}$/, PRICE_TYPE_FORMAT);

const brandRowSchema = z.object({
  aaiaId: z
    .string({ error: AAIA_ID_FORMAT })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{4}$/, AAIA_ID_FORMAT),
  brand: z.string({ error: 'Brand is Required' }).trim().min(1, 'Brand is Required').max(60, 'Brand is too long'),
});

const categoryRowSchema = z.object({
  partTypeId: z.number({ error: PART_TYPE_FORMAT }).int(PART_TYPE_FORMAT).min(1, PART_TYPE_FORMAT).max(99_999_999, PART_TYPE_FORMAT),
  category: z.enum(CATEGORY_SLUGS, { error: 'Choose a category' }),
});

// 60: a fitment row's position (models/part-fitment.ts).
const positionRowSchema = z.object({
  positionId: z
    .number({ error: POSITION_ID_FORMAT })
    .int(POSITION_ID_FORMAT)
    .min(1, POSITION_ID_FORMAT)
    .max(99_999_999, POSITION_ID_FORMAT),
  name: z.string({ error: POSITION_NAME_REQUIRED }).trim().min(1, POSITION_NAME_REQUIRED).max(60, POSITION_NAME_TOO_LONG),
});

/** Each key once: a second row for the same id would make the table ambiguous. */
function refuseRepeats<T>(rows: T[], key: (row: T) => unknown, field: string, message: string, ctx: z.RefinementCtx, list: string) {
  const seen = new Set<unknown>();
  rows.forEach((row, index) => {
    if (seen.has(key(row))) ctx.addIssue({ code: 'custom', path: [list, index, field], message });
    seen.add(key(row));
  });
}

/** `PUT /api/admin/import-mappings`: the whole of each table and the price type. */
export const importMappingsSchema = z
  .object({
    priceType: priceTypeSchema,
    brands: z.array(brandRowSchema, { error: 'Brands must be a list' }).max(500, 'At most 500 brands'),
    categories: z.array(categoryRowSchema, { error: 'Categories must be a list' }).max(2000, 'At most 2000 part types'),
    positions: z.array(positionRowSchema, { error: 'Positions must be a list' }).max(500, 'At most 500 positions'),
  })
  .superRefine((input, ctx) => {
    refuseRepeats(input.brands, (row) => row.aaiaId, 'aaiaId', DUPLICATE_BRAND_ID, ctx, 'brands');
    refuseRepeats(input.categories, (row) => row.partTypeId, 'partTypeId', DUPLICATE_PART_TYPE, ctx, 'categories');
    refuseRepeats(input.positions, (row) => row.positionId, 'positionId', DUPLICATE_POSITION, ctx, 'positions');
  });
export type ImportMappingsInput = z.output<typeof importMappingsSchema>;
export type ImportMappingsFormValues = z.input<typeof importMappingsSchema>;
