import type { Metadata } from 'next';
import { CheckoutPage } from '@/components/checkout/checkout-page';

export const metadata: Metadata = { title: 'Checkout', robots: { index: false } };

/** The same HTML for everyone: the cart and the viewer are read in the browser. */
export default function CheckoutRoute() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="mb-6 text-3xl font-bold text-slate-900">Checkout</h1>
      <CheckoutPage />
    </div>
  );
}
