import { z } from 'zod';
import { hasAtMostTwoDecimals } from '@/lib/core/money';
import { CORE_OUTCOMES, RETURN_REASONS, RETURN_STATES, type CoreOutcome, type ReturnReason } from '@/lib/core/return-fields';
import { objectIdSchema, pageQuerySchema } from '@/lib/validations/common';

/** Return requests and the admin's steps (issue 47): the form, the routes and the OpenAPI document share these. */

export { RETURN_REASONS, RETURN_STATES, type ReturnReason, type ReturnState } from '@/lib/core/return-fields';

export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  'does-not-fit': 'Does not fit my vehicle',
  damaged: 'Arrived damaged',
  'wrong-part': 'Wrong part sent',
  'not-needed': 'No longer needed',
  'core-return': 'Core return',
  other: 'Other',
};

/** The reasons that are the shop's mistake: their refund includes shipping. */
export const SHOP_MISTAKES: readonly ReturnReason[] = ['damaged', 'wrong-part'];

export const CHOOSE_REASON = 'Choose a reason from the list';
export const CHOOSE_LINES = 'Choose at least one part to return';
export const SAY_WHAT_DID_NOT_FIT = 'Say what did not match (the position, the engine, the connector...)';
export const VIN_FORMAT = 'A VIN has 17 letters and digits (no I, O or Q)';

const text = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} is at most ${max} characters`);

const quantity = z
  .number({ error: 'Quantity is Required' })
  .int('Give a whole number of pieces')
  .min(1, 'Return at least 1 piece')
  .max(10_000, 'Return at most 10000 pieces');

export const returnLineInputSchema = z.object({ partId: objectIdSchema, quantity }).strict();

/** POST /api/orders/{id}/returns. */
export const returnRequestSchema = z
  .object({
    lines: z
      .array(returnLineInputSchema, { error: CHOOSE_LINES })
      .min(1, CHOOSE_LINES)
      .max(50, 'At most 50 lines')
      .refine((lines) => new Set(lines.map((line) => line.partId)).size === lines.length, 'Name each part once'),
    reason: z.enum(RETURN_REASONS, { error: CHOOSE_REASON }),
    note: text(1000, 'The note').optional(),
    vehicle: text(120, 'The vehicle').optional().meta({ description: 'Does not fit: the vehicle (else the order line’s)' }),
    vin: z
      .string({ error: VIN_FORMAT })
      .transform((vin) => vin.replace(/[\s-]+/g, '').toUpperCase())
      .pipe(z.string().regex(/^[A-HJ-NPR-Z0-9]{17}$/, VIN_FORMAT))
      .optional(),
    mismatch: text(500, 'What did not match').optional().meta({ description: 'Does not fit: what did not match' }),
  })
  .strict()
  .superRefine((input, ctx) => {
    if (input.reason === 'does-not-fit' && (input.mismatch ?? '').length < 3)
      ctx.addIssue({ code: 'custom', path: ['mismatch'], message: SAY_WHAT_DID_NOT_FIT });
  });
export type ReturnRequestInput = z.infer<typeof returnRequestSchema>;

const amount = z
  .number({ error: 'Give the amount in dollars' })
  .positive('The amount must be more than 0')
  .max(100_000, 'The amount is at most 100000')
  .refine(hasAtMostTwoDecimals, 'Give the amount to the cent');

export const RECEIVE_OUTCOMES = ['restock', 'write-off'] as const;

export const CORE_NEEDS_REASON = 'Say why the deposit is not paid back in full';
export const PARTIAL_NEEDS_AMOUNT = 'Give the amount paid back';
export const NO_AMOUNT_WITH = (core: CoreOutcome) =>
  core === 'full' ? 'A full refund takes no amount' : 'A forfeited deposit pays nothing back: leave the amount out';
export const REASON_WITH_CORE = 'A reason goes with a core return’s partial refund or forfeit';

/** A refund; a core return's names its outcome: the deposit in full, in part (an amount and a reason) or forfeited (a reason). */
const coreRefundSchema = z
  .object({
    action: z.literal('refund'),
    amount: amount.optional().meta({ description: 'Less than the full refund (a core return: its partial amount); dollars' }),
    core: z
      .enum(CORE_OUTCOMES, { error: 'Choose full, partial or forfeit' })
      .optional()
      .meta({ description: 'A core return (required there): pay the deposit back in full, in part, or keep it' }),
    reason: text(500, 'The reason')
      .pipe(z.string().min(3, CORE_NEEDS_REASON))
      .optional()
      .meta({ description: 'A core return’s partial refund or forfeit: why' }),
  })
  .strict()
  .superRefine((input, ctx) => {
    if (input.core === 'partial' && input.amount === undefined)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: PARTIAL_NEEDS_AMOUNT });
    if ((input.core === 'full' || input.core === 'forfeit') && input.amount !== undefined)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: NO_AMOUNT_WITH(input.core) });
    const needsReason = input.core === 'partial' || input.core === 'forfeit';
    if (needsReason && !input.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: CORE_NEEDS_REASON });
    if (!needsReason && input.reason !== undefined) ctx.addIssue({ code: 'custom', path: ['reason'], message: REASON_WITH_CORE });
  });

/** PATCH /api/returns/{id} (admins): the step, named by `action`. */
export const returnStepSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('approve'), instructions: text(1000, 'The instructions').optional() }).strict(),
    z
      .object({
        action: z.literal('reject'),
        reason: text(500, 'The reason').pipe(z.string().min(3, 'Say why the return is rejected')),
      })
      .strict(),
    z
      .object({
        action: z.literal('receive'),
        lines: z
          .array(z.object({ partId: objectIdSchema, outcome: z.enum(RECEIVE_OUTCOMES, { error: 'Restock or write off' }) }).strict())
          .max(50)
          .optional()
          .meta({ description: 'Each line back to stock or written off as damaged; a line left out is restocked' }),
      })
      .strict(),
    coreRefundSchema,
  ],
  { error: 'Send { "action": "approve" | "reject" | "receive" | "refund" }' },
);
export type ReturnStepInput = z.infer<typeof returnStepSchema>;

/** GET /api/returns: the queue's filters. */
export const returnListQuerySchema = pageQuerySchema.extend({
  state: z.enum(RETURN_STATES, { error: 'Unknown state' }).optional(),
  reason: z.enum(RETURN_REASONS, { error: CHOOSE_REASON }).optional(),
});
export type ReturnListQuery = z.infer<typeof returnListQuerySchema>;
