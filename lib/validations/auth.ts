import { z } from 'zod';
import { emailSchema, passwordSchema } from './common';

export const registerSchema = z.object({
  name: z.string({ error: 'Name is Required' }).trim().min(1, 'Name is Required').max(80, 'Name is too long'),
  email: emailSchema,
  password: passwordSchema,
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.object({ email: emailSchema, password: passwordSchema });
export type LoginInput = z.infer<typeof loginSchema>;

/** The spec asks for no validation here; the address is only used if it is an account's. */
export const forgotPasswordSchema = z.object({ email: z.string().trim().max(254).default('') });

export const resetPasswordSchema = z.object({
  token: z.string().min(10, 'This link is invalid').max(200, 'This link is invalid'),
  password: passwordSchema,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** Like the forgot-password form: the address is only used if it is an account's. */
export const signInLinkSchema = z.object({ email: z.string().trim().max(254).default('') });

/** GET /api/verify-email?token=: the link of verification emails sent before the page took it (any token: the page judges it). */
export const verifyEmailQuerySchema = z.object({ token: z.string().default('') });

/** POST /api/verify-email: the link's token, and the account's password unless its own session confirms. */
export const verifyEmailSchema = z.object({
  token: z.string({ error: 'This link is invalid' }).min(10, 'This link is invalid').max(200, 'This link is invalid'),
  password: z.string({ error: 'Password must be text' }).max(200, 'Password is too long').optional(),
});
export type VerifyEmailInput = z.infer<typeof verifyEmailSchema>;
