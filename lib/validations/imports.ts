import { z } from 'zod';
import { priceTypeSchema } from '@/lib/validations/import-mappings';

/** The admin's import inputs (issue 46): the format, its options, and for a URL import the address. */

export const FORMAT_REQUIRED = 'Choose the file’s format: pies, aces, vcdb or csv';

/** The formats an import reads (lib/imports/handler.ts's IMPORT_FORMATS; the import job checks they agree). */
export const IMPORT_FORMAT_NAMES = ['pies', 'aces', 'vcdb', 'csv'] as const;
export const importFormatSchema = z.enum(IMPORT_FORMAT_NAMES, { error: FORMAT_REQUIRED });

/** The options a format reads; an empty field is no option. */
const optionalPriceType = z
  .string()
  .trim()
  .pipe(z.union([z.literal(''), priceTypeSchema]))
  .optional();
const importOptionsShape = {
  priceType: optionalPriceType,
  // PIES: the price type whose Pricing carries the core charge (suppliers name it); left out, core charges stay as they are.
  corePriceType: optionalPriceType,
};

/** The text fields of the multipart upload, next to its `file`. */
export const importFormSchema = z.object({ format: importFormatSchema, ...importOptionsShape });

/** JSON `{ url, format }`: the file fetched from a host in IMPORT_URL_HOSTS. */
export const importUrlSchema = z.strictObject({
  url: z
    .string({ error: 'Enter the file’s https address' })
    .trim()
    .min(1, 'Enter the file’s https address')
    .max(2000, 'The address is too long'),
  format: importFormatSchema,
  ...importOptionsShape,
});

export type ImportFormInput = z.output<typeof importFormSchema>;
export type ImportUrlInput = z.output<typeof importUrlSchema>;
