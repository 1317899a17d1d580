import type { Metadata } from 'next';
import { CartPage } from '@/components/cart/cart-page';

export const metadata: Metadata = { title: 'Cart', robots: { index: false } };

/** The same HTML for everyone: the cart itself is read in the browser (components/cart/use-cart.ts). */
export default function CartRoute() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="mb-6 text-3xl font-bold text-slate-900">Your cart</h1>
      <CartPage />
    </div>
  );
}
