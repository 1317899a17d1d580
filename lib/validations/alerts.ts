import { z } from 'zod';
import { OBJECT_ID_PATTERN } from '@/lib/core/id-pattern';
import { emailSchema } from './common';
import { vehicleChoiceSchema } from './vehicles';

export const ALERT_TARGET_REQUIRED = 'Give a part or a vehicle';
export const ALERT_ONE_TARGET = 'Give a part or a vehicle, not both';

/** POST /api/alerts: a part (`partId`) or a vehicle; the email is a guest's (a signed-in caller's own is used). */
export const alertRequestSchema = z
  .object({
    email: emailSchema.optional(),
    partId: z.string({ error: 'Not a part' }).regex(OBJECT_ID_PATTERN, 'Not a part').optional(),
    vehicle: vehicleChoiceSchema.optional(),
  })
  .strict()
  .superRefine((input, ctx) => {
    if (!input.partId && !input.vehicle) ctx.addIssue({ code: 'custom', path: ['partId'], message: ALERT_TARGET_REQUIRED });
    if (input.partId && input.vehicle) ctx.addIssue({ code: 'custom', path: ['vehicle'], message: ALERT_ONE_TARGET });
  });
export type AlertRequest = z.infer<typeof alertRequestSchema>;

/** A guest's email for an alert (the part page's and the catalog's forms). */
export const alertEmailSchema = z.object({ email: emailSchema });
export type AlertEmailInput = z.input<typeof alertEmailSchema>;

/** DELETE /api/alerts/{token}: the signed unsubscribe token of an alert's email. */
export const alertTokenSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[a-f\d]{64}\.[a-f\d]{32}\.[A-Za-z0-9_-]{43}$/, 'Not found');
