import Link from 'next/link';
import type { ReactNode } from 'react';
import { AddToCartButton } from '@/components/cart/add-to-cart-button';
import { buttonPart } from '@/components/cart/button-part';
import { FitBadge } from '@/components/parts/fit-badge';
import { StockFacts } from '@/components/parts/stock-facts';
import { ShopImage } from '@/components/ui/shop-image';
import { TEXT } from '@/lib/core/texts';
import { fitmentForStatus } from '@/lib/catalog/fitment';
import type { VehicleChoice } from '@/lib/catalog';
import { formatPrice } from '@/lib/core/money';
import type { PartDTO } from '@/lib/catalog';
import { previewText } from '@/lib/core/utils';

type PartCardProps = {
  part: Pick<PartDTO, '_id' | 'name' | 'img' | 'price' | 'description' | 'availableQuantity' | 'minimumQuantity'> &
    Partial<Pick<PartDTO, 'brand' | 'partNumber' | 'fitment' | 'fitWarnings' | 'unit'>>;
  /** The card's actions; by default a link to the part's page. */
  actions?: ReactNode;
  priority?: boolean;
  /** The vehicle a list is narrowed to: the fit badge speaks of it. */
  vehicle?: VehicleChoice | null;
  /** A search found it by a number it replaces: "Replaces OE 04465-02220". */
  replaces?: string;
};

/** A part as a card; the picture opens the part's page too, as the name's link reaches over it (app/globals.css). */
export function PartCard({ part, actions, priority = false, vehicle = null, replaces }: PartCardProps) {
  const outOfStock = part.availableQuantity <= 0;
  const action = outOfStock ? 'View part' : 'Order now';
  const href = `/parts/${part._id}`;
  return (
    <article className="card part-card">
      <div className="media">
        <ShopImage
          src={part.img}
          alt={part.name}
          fill
          sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
          className="object-cover"
          priority={priority}
        />
        {outOfStock && <span className="badge-out">{TEXT.outOfStock}</span>}
      </div>
      <div className="body">
        <div>
          <h3>
            <Link href={href}>{part.name}</Link>
          </h3>
          {(part.brand || part.partNumber) && <p className="meta">{[part.brand, part.partNumber].filter(Boolean).join(' · ')}</p>}
          {replaces && <p className="meta">{replaces}</p>}
        </div>
        <p className="price">{formatPrice(part.price)}</p>
        {part.fitment && <FitBadge fitment={fitmentForStatus(part.fitment)} vehicle={vehicle} warnings={part.fitWarnings} />}
        <p className="card-text">{previewText(part.description)}</p>
        <StockFacts availableQuantity={part.availableQuantity} minimumQuantity={part.minimumQuantity} unit={part.unit} />
        {actions ?? (
          <>
            <Link
              href={href}
              className="action"
              // The visible words start the link's name (WCAG 2.5.3); the part's name tells the links apart.
              aria-label={`${action}: ${part.name}`}
            >
              {action}
            </Link>
            {!outOfStock && <AddToCartButton part={buttonPart(part)} />}
          </>
        )}
      </div>
    </article>
  );
}
