import { z } from 'zod';
import { CATEGORY_SLUGS } from '@/content/categories';
import { objectIdSchema } from './common';
import { fitAnswersSchema, vehicleChoiceSchema } from './vehicles';

/** The admin's job kits (issue 46): a job's name and lines, each a part type or category, a position, a quantity and
 * alternatives tried in order. */

export const KIT_LINE_NEEDS_TYPE = 'Give a part type or a category';
export const MAX_KIT_LINES = 20;
/** Rear pads or shoes, rotors or drums: a line's own kind and a few others is all a job needs. */
export const MAX_KIT_ALTERNATIVES = 3;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is at most ${max} characters`);

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} is at most ${max} characters`)
    .nullish()
    .transform((value) => value || null);

/** What a line takes, and each of its alternatives: a part type or a category (with a word of the name), and where. */
const kitOptionFields = {
  // PCdb PartTerminologyID, matched against a part's partTypeId.
  partTypeId: z
    .number({ error: 'Part type must be a PCdb PartTerminologyID' })
    .int('Part type must be a whole number')
    .min(1, 'Part type must be a PCdb PartTerminologyID')
    .max(999_999, 'Part type must be a PCdb PartTerminologyID')
    .nullish()
    .transform((value) => value ?? null),
  category: z
    .enum(CATEGORY_SLUGS, { error: 'Choose a category' })
    .nullish()
    .transform((value) => value ?? null),
  keyword: optionalText('Keyword', 40),
  position: optionalText('Position', 60),
};

const needsType = (option: { partTypeId: number | null; category: string | null }) =>
  option.partTypeId !== null || option.category !== null;

/** A line's alternative: taken when no part of the line's own kind (or of an earlier alternative) fits and is in stock. */
export const kitOptionSchema = z
  .object(kitOptionFields)
  .strict()
  .refine(needsType, { message: KIT_LINE_NEEDS_TYPE, path: ['partTypeId'] });
export type KitOptionInput = z.infer<typeof kitOptionSchema>;

export const kitLineSchema = z
  .object({
    label: text('Label', 60),
    ...kitOptionFields,
    quantity: z
      .number({ error: 'Quantity must be a number' })
      .int('Quantity must be a whole number')
      .min(1, 'Quantity must be at least 1')
      .max(100, 'Quantity is at most 100'),
    perCylinder: z.boolean({ error: 'Per cylinder must be true or false' }).optional().default(false),
    alternatives: z
      .array(kitOptionSchema, { error: 'Alternatives must be a list' })
      .max(MAX_KIT_ALTERNATIVES, `A line has at most ${MAX_KIT_ALTERNATIVES} alternatives`)
      .optional()
      .default([]),
  })
  .strict()
  .refine(needsType, { message: KIT_LINE_NEEDS_TYPE, path: ['partTypeId'] });
export type KitLineInput = z.infer<typeof kitLineSchema>;

const kitFields = {
  name: text('Name', 60),
  lines: z
    .array(kitLineSchema, { error: 'Give the job its lines' })
    .min(1, 'A job needs at least one line')
    .max(MAX_KIT_LINES, `A job has at most ${MAX_KIT_LINES} lines`),
  position: z
    .number({ error: 'Position must be a number' })
    .int('Position must be a whole number')
    .min(0, 'Position cannot be negative')
    .max(1000, 'Position is at most 1000')
    .optional(),
};

/** POST /api/admin/kits. */
export const kitSchema = z.object(kitFields).strict();
export type KitInput = z.infer<typeof kitSchema>;

/** PATCH /api/admin/kits/{id}: any of the fields. */
export const kitPatchSchema = z
  .object({ name: kitFields.name.optional(), lines: kitFields.lines.optional(), position: kitFields.position })
  .strict()
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), { message: 'Change at least one field' });
export type KitPatchInput = z.infer<typeof kitPatchSchema>;

/** The longest `answers` a proposal takes: a dozen parts' answers. URL-encoded, a character may take 12 bytes, and the
 * whole request head must stay under the 16 KB a Node server reads (it answers 431 past it, before the app). */
export const MAX_KIT_ANSWERS_LENGTH = 1000;
const KIT_ANSWERS_INVALID = 'Answers must be a JSON object of part ids and their answers';

/** GET /api/kits: the vehicle, and the buyer's answers to proposed parts' fit questions (JSON, by part id) that rule parts out. */
export const kitsQuerySchema = vehicleChoiceSchema.extend({
  answers: z
    .string()
    .max(MAX_KIT_ANSWERS_LENGTH, 'Answers are too long')
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: KIT_ANSWERS_INVALID });
        return z.NEVER;
      }
    })
    .pipe(z.record(objectIdSchema, fitAnswersSchema, { error: KIT_ANSWERS_INVALID }))
    .optional()
    .transform((answers) => answers ?? {}),
});
export type KitsQuery = z.infer<typeof kitsQuerySchema>;
