import { TEXT } from '@/lib/core/texts';
import type { PartUnit } from '@/lib/core/part-fields';
import { unitCount } from '@/lib/catalog/part-units';

type StockFactsProps = { availableQuantity: number; minimumQuantity: number; unit?: PartUnit; size?: 'card' | 'page' };

/** Orders left fewer pieces than the minimum order: nobody can buy the part until it is restocked. */
export function isBelowMinimum(availableQuantity: number, minimumQuantity: number): boolean {
  return availableQuantity > 0 && availableQuantity < minimumQuantity;
}

export function belowMinimumMessage(availableQuantity: number, minimumQuantity: number): string {
  return `Only ${availableQuantity} left, below the minimum order of ${minimumQuantity}`;
}

/** Available pieces (or 'Out Of Stock') and the minimum order, on cards and part pages alike. */
export function StockFacts({ availableQuantity, minimumQuantity, unit = 'piece', size = 'card' }: StockFactsProps) {
  const outOfStock = availableQuantity <= 0;
  const facts = (
    <dl className={size === 'card' ? 'stock-facts' : 'stock-facts page'}>
      <div>
        <dt>Available</dt>
        <dd className={outOfStock ? 'text-red-600' : undefined} data-testid="available-quantity">
          {outOfStock ? TEXT.outOfStock : unitCount(availableQuantity, unit)}
        </dd>
      </div>
      <div>
        <dt>Minimum order</dt>
        <dd>{unitCount(minimumQuantity, unit)}</dd>
      </div>
    </dl>
  );
  if (size === 'card' || !isBelowMinimum(availableQuantity, minimumQuantity)) return facts;
  return (
    <div className="space-y-3">
      {facts}
      <p className="rounded-xl bg-amber-50 p-3 text-sm font-medium text-amber-900 ring-1 ring-amber-200" data-testid="below-minimum">
        {belowMinimumMessage(availableQuantity, minimumQuantity)}
      </p>
    </div>
  );
}
