'use client';

import Link from 'next/link';
import { LazyPurchaseForm } from '@/components/parts/lazy-purchase-form';
import { useViewer } from '@/components/session/use-viewer';
import { authHref } from '@/lib/client/callback-url';
import { TEXT } from '@/lib/platform/constants';
import type { PartDTO } from '@/lib/platform/types';
import { buttonClass } from '@/components/ui/button';

type PartPurchaseProps = { part: Pick<PartDTO, '_id' | 'availableQuantity' | 'minimumQuantity' | 'unit'> };

/**
 * The ordering area of a (cached) part page: a sign-in link for visitors, and for signed-in users
 * the purchase form, loaded as its own chunk once the browser knows who is there.
 */
export function PartPurchase({ part }: PartPurchaseProps) {
  const state = useViewer();
  if (state.status === 'signed-in') {
    const { name, email, isAdmin } = state.viewer;
    return <LazyPurchaseForm part={part} viewer={{ name, email, isAdmin }} />;
  }
  return (
    <div className="rounded-2xl bg-white p-6 ring-1 ring-slate-200" aria-busy={state.status === 'loading'}>
      <p className="text-slate-600">Sign in to order this part{part.availableQuantity <= 0 ? ` (${TEXT.outOfStock} right now)` : ''}.</p>
      {/* Not prefetched, like the navbar's Login link (components/auth/login-link.tsx). */}
      <Link href={authHref('/login', `/parts/${part._id}`)} prefetch={false} className={buttonClass('primary', 'mt-4', 'lg')}>
        Sign in to order
      </Link>
    </div>
  );
}
