import type { CSSProperties } from 'react';
import { cn } from '@/lib/core/utils';

type StarsProps = { rating: number; className?: string };

/** A 1 to 5 star rating, read out as "Rated n out of 5" (drawn by the `.stars` rule in app/globals.css). */
export function Stars({ rating, className }: StarsProps) {
  return (
    <span
      className={cn('stars', className)}
      style={{ '--rating': `${rating * 20}%` } as CSSProperties}
      role="img"
      aria-label={`Rated ${rating} out of 5`}
    />
  );
}
