'use client';

import { cn } from '@/lib/core/utils';

type StarRatingProps = { value: number; onChange: (value: number) => void; error?: string };

/** A 1 to 5 star rating as a radio group: arrow keys move between stars, each star is labelled. */
export function StarRating({ value, onChange, error }: StarRatingProps) {
  return (
    <fieldset className="space-y-1">
      <legend className="text-sm font-medium text-slate-700">Rating</legend>
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((star) => (
          <label
            key={star}
            className="cursor-pointer rounded focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-500"
          >
            <input
              type="radio"
              name="rating"
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              className="sr-only"
              aria-label={`${star} star${star > 1 ? 's' : ''}`}
            />
            <svg viewBox="0 0 20 20" aria-hidden="true" className={cn('h-8 w-8', star <= value ? 'fill-amber-400' : 'fill-slate-300')}>
              <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
            </svg>
          </label>
        ))}
      </div>
      <p className="text-sm text-slate-500" aria-live="polite">
        {value} of 5 stars
      </p>
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
