import { z } from 'zod';
import { FITMENT_REVIEW_STATES } from '@/lib/core/return-fields';
import { pageQuerySchema } from '@/lib/validations/common';
import { yearSchema, YEARS_REVERSED } from '@/lib/validations/parts';

/** The fitment reviews (issue 47 item 5): the admin's actions on a review's row, and the list's filter. */

export { FITMENT_REVIEW_ACTIONS, FITMENT_REVIEW_STATES, type FitmentReviewAction, type FitmentReviewState } from '@/lib/core/return-fields';

export const NARROW_SOMETHING = 'Give new years, an engine or a submodel';
export const CHOOSE_ACTION = 'Send { "action": "narrow" | "remove" | "qualify" | "note" | "dismiss" }';

const words = (max: number, label: string) =>
  z
    .string({ error: `${label} is Required` })
    .trim()
    .min(1, `${label} is Required`)
    .max(max, `${label} is at most ${max} characters`);

const narrowSchema = z
  .object({
    action: z.literal('narrow'),
    yearFrom: yearSchema('From year').optional(),
    yearTo: yearSchema('To year').optional(),
    engine: words(40, 'The engine').optional(),
    subModel: words(60, 'The submodel').optional(),
  })
  .strict()
  .refine((input) => input.yearFrom !== undefined || input.yearTo !== undefined || input.engine || input.subModel, {
    path: ['yearFrom'],
    message: NARROW_SOMETHING,
  })
  .refine((input) => input.yearFrom === undefined || input.yearTo === undefined || input.yearFrom <= input.yearTo, {
    path: ['yearTo'],
    message: YEARS_REVERSED,
  });

/** PATCH /api/admin/fitment-reviews/{id}: one action, which resolves the review. */
export const fitmentReviewActionSchema = z.discriminatedUnion(
  'action',
  [
    narrowSchema,
    z.object({ action: z.literal('remove') }).strict(),
    z.object({ action: z.literal('qualify'), text: words(300, 'The qualifier') }).strict(),
    z.object({ action: z.literal('note'), text: words(200, 'The note') }).strict(),
    z.object({ action: z.literal('dismiss'), reason: words(300, 'The reason').optional() }).strict(),
  ],
  { error: CHOOSE_ACTION },
);
export type FitmentReviewActionInput = z.infer<typeof fitmentReviewActionSchema>;

/** GET /api/admin/fitment-reviews: open ones by default. */
export const fitmentReviewListQuerySchema = pageQuerySchema.extend({
  state: z.enum(FITMENT_REVIEW_STATES, { error: 'Unknown state' }).optional(),
});
export type FitmentReviewListQuery = z.infer<typeof fitmentReviewListQuerySchema>;
