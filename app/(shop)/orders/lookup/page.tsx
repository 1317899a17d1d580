import type { Metadata } from 'next';
import { OrderLookupForm } from '@/components/checkout/order-lookup-form';

export const metadata: Metadata = { title: 'Find my order', robots: { index: false } };

export default function OrderLookupPage() {
  return (
    <div className="mx-auto max-w-md px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold text-slate-900">Find my order</h1>
      <p className="mt-2 mb-6 text-slate-600">Ordered without an account? We email you the link to your order again.</p>
      <OrderLookupForm />
    </div>
  );
}
