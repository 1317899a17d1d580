import type { ReactNode } from 'react';
import { ShopImage } from '@/components/ui/shop-image';
import { Stars } from '@/components/ui/stars';
import type { ReviewDTO } from '@/lib/types';

type ReviewCardProps = { review: Pick<ReviewDTO, 'name' | 'image' | 'review' | 'rating'>; actions?: ReactNode };

export function ReviewCard({ review, actions }: ReviewCardProps) {
  return (
    <article className="flex flex-col gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <div className="flex items-center gap-4">
        <div className="relative h-14 w-14 shrink-0 overflow-hidden rounded-full bg-slate-100">
          <ShopImage src={review.image} alt={`Photo of ${review.name}`} fill sizes="56px" className="object-cover" />
        </div>
        <div>
          <h3 className="font-semibold text-slate-900">{review.name}</h3>
          <Stars rating={review.rating} />
        </div>
      </div>
      <blockquote className="flex-1 text-sm leading-relaxed text-slate-600">“{review.review}”</blockquote>
      {actions}
    </article>
  );
}
