import { z } from 'zod';
import { emailSchema } from '@/lib/validations/common';

// Mirrors lib/validations/checkout.ts (the lead's, not yet on this branch): replaced by it after the merge.
const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is Required` })
    .trim()
    .min(1, `${label} is Required`)
    .max(max, `${label} is too long`);
const optionalText = (label: string, max: number) => z.string().trim().max(max, `${label} is too long`).optional();
const addressSchema = z.object({
  name: text('Name', 100),
  line1: text('Address', 200),
  line2: optionalText('Address line 2', 200),
  city: text('City', 100),
  region: optionalText('Region', 40),
  postalCode: text('Postcode', 12),
  country: text('Country', 2),
});

/** The checkout form: a guest gives an email, a customer's comes from the account. */
export function checkoutFormSchema(guest: boolean) {
  return z.object({
    email: guest ? emailSchema : z.string().optional(),
    address: addressSchema,
    phone: z.string().trim().min(1, 'Number is Required').min(6, 'Minimum 6 Character').max(30, 'Number is too long'),
    shippingMethod: z.string().min(1, 'Choose a shipping method'),
    discountCode: z.string().trim().max(32, 'This code is not valid').optional(),
  });
}
export type CheckoutFormInput = z.input<ReturnType<typeof checkoutFormSchema>>;
