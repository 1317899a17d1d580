import { TEXT } from '@/lib/constants';
import { cn } from '@/lib/utils';

type StockFactsProps = { availableQuantity: number; minimumQuantity: number; size?: 'card' | 'page' };

/** Available pieces (or 'Out Of Stock') and the minimum order, on cards and part pages alike. */
export function StockFacts({ availableQuantity, minimumQuantity, size = 'card' }: StockFactsProps) {
  const outOfStock = availableQuantity <= 0;
  const box = size === 'card' ? 'rounded-lg bg-slate-50 p-2' : 'rounded-xl bg-white p-4 ring-1 ring-slate-200';
  const value = cn('font-semibold', size === 'page' && 'text-lg');
  return (
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
}
