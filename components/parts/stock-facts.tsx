import { TEXT } from '@/lib/constants';
import { cn } from '@/lib/utils';

type StockFactsProps = { availableQuantity: number; minimumQuantity: number; size?: 'card' | 'page' };

/** Orders left fewer pieces than the minimum order: nobody can buy the part until it is restocked. */
export function isBelowMinimum(availableQuantity: number, minimumQuantity: number): boolean {
  return availableQuantity > 0 && availableQuantity < minimumQuantity;
}

export function belowMinimumMessage(availableQuantity: number, minimumQuantity: number): string {
  return `Only ${availableQuantity} left, below the minimum order of ${minimumQuantity}`;
}

/** Available pieces (or 'Out Of Stock') and the minimum order, on cards and part pages alike. */
export function StockFacts({ availableQuantity, minimumQuantity, size = 'card' }: StockFactsProps) {
  const outOfStock = availableQuantity <= 0;
  const box = size === 'card' ? 'rounded-lg bg-slate-50 p-2' : 'rounded-xl bg-white p-4 ring-1 ring-slate-200';
  const value = cn('font-semibold', size === 'page' && 'text-lg');
  const facts = (
    <dl className={cn('grid grid-cols-2 text-sm', size === 'card' ? 'gap-2' : 'gap-3')}>
      <div className={box}>
        <dt className="text-slate-500">Available</dt>
        <dd className={cn(value, outOfStock ? 'text-red-600' : 'text-slate-900')} data-testid="available-quantity">
          {outOfStock ? TEXT.outOfStock : `${availableQuantity} pieces`}
        </dd>
      </div>
      <div className={box}>
        <dt className="text-slate-500">Minimum order</dt>
        <dd className={cn(value, 'text-slate-900')}>{minimumQuantity} pieces</dd>
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
