import { z } from 'zod';
import { imageUrlSchema } from './common';

const required = (message: string) => z.string({ error: message }).trim().min(1, message).max(120, 'That is too long');

/** linkedin and github are shown as links, so only http(s) addresses are accepted. */
const optionalLink = z
  .string()
  .trim()
  .max(300, 'That link is too long')
  .refine((value) => value === '' || /^https?:\/\/[^\s<>"]+$/i.test(value), 'Give a full link starting with https://')
  .optional();

export const profileInputSchema = z.object({
  education: required('Education is Required'),
  image: imageUrlSchema,
  district: required('District is Required'),
  city: required('City is Required'),
  phone: required('Phone is Required'),
  linkedin: optionalLink,
  github: optionalLink,
});
export type ProfileInput = z.infer<typeof profileInputSchema>;

/** Update Profile: only the image is required; an empty field keeps its current value. */
export const profileUpdateSchema = z.object({
  image: imageUrlSchema,
  education: z.string().trim().max(120, 'That is too long').optional(),
  district: z.string().trim().max(120, 'That is too long').optional(),
  city: z.string().trim().max(120, 'That is too long').optional(),
  phone: z.string().trim().max(120, 'That is too long').optional(),
  linkedin: optionalLink,
  github: optionalLink,
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
