import { cn } from '@/lib/utils';

type StarsProps = { rating: number; className?: string };

/** A 1 to 5 star rating, read out as "Rated n out of 5". */
export function Stars({ rating, className }: StarsProps) {
  return (
    <span className={cn('inline-flex gap-0.5', className)} role="img" aria-label={`Rated ${rating} out of 5`}>
      {[1, 2, 3, 4, 5].map((star) => (
        <svg
          key={star}
          viewBox="0 0 20 20"
          aria-hidden="true"
          className={cn('h-5 w-5', star <= rating ? 'fill-amber-400' : 'fill-slate-300')}
        >
          <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
        </svg>
      ))}
    </span>
  );
}
