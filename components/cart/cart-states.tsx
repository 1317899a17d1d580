import Link from 'next/link';
import { buttonClass } from '@/components/ui/button';

/** A cart without lines, with the way back to the catalog (the cart and checkout pages alike). */
export function EmptyCart() {
  return (
    <div className="rounded-2xl bg-white p-8 text-center ring-1 ring-slate-200">
      <p className="text-lg font-semibold text-slate-900">Your cart is empty</p>
      <Link href="/parts" className={buttonClass('primary', 'mt-4')}>
        Browse parts
      </Link>
    </div>
  );
}
