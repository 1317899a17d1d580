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

/** Update Profile: only the image is required; an empty field is never ignored (a cleared required field gets Add Profile's message). */
export const profileUpdateSchema = z.object({
  image: imageUrlSchema,
  education: required('Education is Required').optional(),
  district: required('District is Required').optional(),
  city: required('City is Required').optional(),
  phone: required('Phone is Required').optional(),
  linkedin: optionalLink,
  github: optionalLink,
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** PATCH /api/myProfile/{id}: the spec's body, the changes under `profileInfo`. */
export const profilePatchSchema = z.object({ profileInfo: profileUpdateSchema });
