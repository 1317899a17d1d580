import { z } from 'zod';
import { emailSchema } from '@/lib/validations/common';
import { checkoutSchema } from '@/lib/validations/checkout';

/** The checkout form: the call's own schema, where a guest must give an email (a customer's comes from the account). */
export function checkoutFormSchema(guest: boolean) {
  return checkoutSchema.omit({ quotedTotal: true }).extend({ email: guest ? emailSchema : z.string().optional() });
}
export type CheckoutFormSchema = ReturnType<typeof checkoutFormSchema>;
export type CheckoutFormInput = z.input<CheckoutFormSchema>;
export type CheckoutFormValues = z.output<CheckoutFormSchema>;
