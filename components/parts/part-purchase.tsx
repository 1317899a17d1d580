import Link from 'next/link';
import { LazyPurchaseForm } from '@/components/parts/lazy-purchase-form';
import type { Viewer } from '@/lib/auth/viewer';
import { TEXT } from '@/lib/constants';
import type { PartDTO } from '@/lib/parts';

type PartPurchaseProps = { part: PartDTO; viewer: Viewer | null };

/** The ordering area of a part page: the purchase form for signed-in users, a sign-in link for visitors. */
export function PartPurchase({ part, viewer }: PartPurchaseProps) {
  if (viewer) return <LazyPurchaseForm part={part} viewer={{ name: viewer.name, email: viewer.email, isAdmin: viewer.isAdmin }} />;
  return (
    <div className="rounded-2xl bg-white p-6 ring-1 ring-slate-200">
      <p className="text-slate-600">Sign in to order this part{part.availableQuantity <= 0 ? ` (${TEXT.outOfStock} right now)` : ''}.</p>
      <Link
        href={`/login?callbackUrl=${encodeURIComponent(`/parts/${part._id}`)}`}
        className="mt-4 inline-flex rounded-lg bg-brand-500 px-6 py-3 font-semibold text-white hover:bg-brand-600"
      >
        Sign in to order
      </Link>
    </div>
  );
}
