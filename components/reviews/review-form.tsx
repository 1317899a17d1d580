'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { describedBy, Field, inputClass } from '@/components/forms/field';
import { ImageField } from '@/components/forms/image-field';
import { ReadOnlyField } from '@/components/forms/read-only-field';
import { StarRating } from '@/components/forms/star-rating';
import { Button } from '@/components/ui/button';
import { alertError, alertSuccess } from '@/lib/client/alerts';
import { submitJson } from '@/lib/client/submit';
import { reviewInputSchema, type ReviewInput } from '@/lib/validations/reviews';

export const REVIEW_ADDED = "Your review Added! Thank's for your feedback.";

/** Add a Review (customers): the name is the account's, read-only. */
export function ReviewForm({ name }: { name: string }) {
  const router = useRouter();
  const [uploading, setUploading] = useState(false);
  const { register, handleSubmit, control, formState, reset, setError } = useForm<ReviewInput>({
    resolver: zodResolver(reviewInputSchema),
    defaultValues: { review: '', rating: 1, image: '' },
  });
  const { errors, isSubmitting } = formState;

  async function onSubmit(values: ReviewInput) {
    const res = await submitJson<{ insertedId?: string }, ReviewInput>(
      '/api/review',
      { method: 'POST', json: values },
      { setError, fields: ['image', 'review', 'rating'] },
    );
    if (!res.data.insertedId) {
      if (!res.fieldErrorsShown) await alertError(res.data.error ?? 'Something was Wrong! Please try again');
      return;
    }
    await alertSuccess(REVIEW_ADDED);
    reset({ review: '', rating: 1, image: '' });
    router.refresh();
  }

  return (
    <form
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      aria-label="Review"
      className="space-y-4 rounded-2xl bg-white p-6 ring-1 ring-slate-200"
    >
      <ReadOnlyField id="review-name" label="Name" value={name} />
      <ImageField control={control} name="image" error={errors.image?.message} onUploadingChange={setUploading} />
      <Field id="review" label="Review" error={errors.review?.message} hint="At least 50 characters">
        <textarea id="review" rows={5} className={inputClass} {...describedBy('review', errors.review?.message)} {...register('review')} />
      </Field>
      <Controller
        control={control}
        name="rating"
        render={({ field }) => <StarRating value={field.value} onChange={field.onChange} error={errors.rating?.message} />}
      />
      <Button type="submit" loading={isSubmitting} disabled={uploading}>
        Add Review
      </Button>
    </form>
  );
}
