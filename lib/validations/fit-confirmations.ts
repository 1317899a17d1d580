import { z } from 'zod';
import { objectIdSchema } from '@/lib/validations/common';

/** A buyer's "Did it fit?" answer for one order line (issue 47): the route, the order page and the email's page share it. */

export const SAY_IF_IT_FITS = 'Say whether it fits: true or false';
export const LINK_NOT_VALID = 'This link is not valid: open the one in your email, or answer from your order page';

export const fitConfirmationSchema = z
  .object({
    orderId: objectIdSchema,
    fits: z.boolean({ error: SAY_IF_IT_FITS }),
    // The signed link of the fit-check email: it stands for the buyer, no sign-in needed.
    token: z
      .string({ error: LINK_NOT_VALID })
      .max(200, LINK_NOT_VALID)
      .regex(/^[\w-]+\.[\w-]+\.[\w-]+$/, LINK_NOT_VALID)
      .optional(),
  })
  .strict();

export type FitConfirmationInput = z.infer<typeof fitConfirmationSchema>;
