import { z } from 'zod';
import { imageUrlSchema } from './common';

export const reviewInputSchema = z.object({
  image: imageUrlSchema,
  review: z
    .string({ error: 'Review is Required' })
    .trim()
    .min(1, 'Review is Required')
    .min(50, 'Give Review 50 characters or longer')
    .max(2000, 'Review is too long'),
  rating: z
    .number({ error: 'Rating must be from 1 to 5 stars' })
    .int('Rating must be from 1 to 5 stars')
    .min(1, 'Rating must be from 1 to 5 stars')
    .max(5, 'Rating must be from 1 to 5 stars'),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;
