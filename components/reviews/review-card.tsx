import type { ReactNode } from 'react';
import { ShopImage } from '@/components/ui/shop-image';
import { Stars } from '@/components/ui/stars';
import type { ReviewDTO } from '@/lib/reviews';

type ReviewCardProps = { review: Pick<ReviewDTO, 'name' | 'image' | 'review' | 'rating'>; actions?: ReactNode };

export function ReviewCard({ review, actions }: ReviewCardProps) {
  return (
    <article className="card review-card">
      <div className="flex items-center gap-4">
        <div className="avatar">
          <ShopImage src={review.image} alt={`Photo of ${review.name}`} fill sizes="56px" className="object-cover" />
        </div>
        <div>
          <h3>{review.name}</h3>
          <Stars rating={review.rating} />
        </div>
      </div>
      <blockquote className="card-text">“{review.review}”</blockquote>
      {actions}
    </article>
  );
}
