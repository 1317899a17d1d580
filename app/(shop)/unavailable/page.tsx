import type { Metadata } from 'next';
import Link from 'next/link';
import { buttonClass } from '@/components/ui/button';

export const metadata: Metadata = { title: 'Briefly unavailable', robots: { index: false, follow: false } };

/** nginx's 503 page (deploy/front.conf) for a page neither cached nor renderable (database unreachable). */
export default function UnavailablePage() {
  return (
    <div className="mx-auto flex max-w-3xl flex-col items-center px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-slate-900">The shop is briefly unavailable</h1>
      <p className="mt-2 text-slate-600">We cannot reach our catalog right now. Please try again in a few seconds.</p>
      <Link href="/" className={buttonClass('primary', 'mt-6', 'lg')}>
        Back to the shop
      </Link>
    </div>
  );
}
