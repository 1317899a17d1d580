import Link from 'next/link';
import type { ReactNode } from 'react';
import { FitBadge } from '@/components/parts/fit-badge';
import { StockFacts } from '@/components/parts/stock-facts';
import { ShopImage } from '@/components/ui/shop-image';
import { TEXT } from '@/lib/constants';
import type { VehicleChoice } from '@/lib/fitment';
import { formatPrice } from '@/lib/money';
import type { PartDTO } from '@/lib/types';
import { previewText } from '@/lib/utils';

type PartCardProps = {
  part: Pick<PartDTO, '_id' | 'name' | 'img' | 'price' | 'description' | 'availableQuantity' | 'minimumQuantity'> &
    Partial<Pick<PartDTO, 'brand' | 'partNumber' | 'fitment'>>;
  /** The card's actions; by default a link to the part's page. */
  actions?: ReactNode;
  priority?: boolean;
  /** The vehicle a list is narrowed to: the fit badge speaks of it. */
  vehicle?: VehicleChoice | null;
};

/** A part as a card: image, name, brand and part number, price, fit for the active vehicle, description preview, stock and minimum order. */
export function PartCard({ part, actions, priority = false, vehicle = null }: PartCardProps) {
  const outOfStock = part.availableQuantity <= 0;
  const action = outOfStock ? 'View part' : 'Order now';
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition-shadow hover:shadow-md">
      <div className="relative aspect-[4/3] bg-slate-100">
        <ShopImage
          src={part.img}
          alt={part.name}
          fill
          sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
          className="object-cover"
          priority={priority}
        />
        {outOfStock && (
          <span className="absolute left-3 top-3 rounded-full bg-red-600 px-3 py-1 text-xs font-bold uppercase text-white">
            {TEXT.outOfStock}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div>
          <h3 className="break-words text-lg font-semibold text-slate-900">{part.name}</h3>
          {(part.brand || part.partNumber) && (
            <p className="mt-0.5 text-sm text-slate-600">{[part.brand, part.partNumber].filter(Boolean).join(' · ')}</p>
          )}
        </div>
        <p className="text-2xl font-bold text-brand-700">{formatPrice(part.price)}</p>
        {part.fitment && <FitBadge fitment={part.fitment} vehicle={vehicle} />}
        <p className="flex-1 text-sm leading-relaxed text-slate-600">{previewText(part.description)}</p>
        <StockFacts availableQuantity={part.availableQuantity} minimumQuantity={part.minimumQuantity} />
        {actions ?? (
          <Link
            href={`/parts/${part._id}`}
            className="mt-1 inline-flex items-center justify-center rounded-lg bg-ink px-4 py-2 text-sm font-semibold text-white hover:bg-slate-700"
            // The visible words start the link's name (WCAG 2.5.3); the part's name tells the links apart.
            aria-label={`${action}: ${part.name}`}
          >
            {action}
          </Link>
        )}
      </div>
    </article>
  );
}
