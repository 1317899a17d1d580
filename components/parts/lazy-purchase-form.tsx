'use client';

import { lazy, Suspense, type ComponentProps } from 'react';

const PurchaseForm = lazy(() => import('@/components/parts/purchase-form').then((module) => ({ default: module.PurchaseForm })));

/**
 * The purchase form as its own chunk (with react-hook-form and zod), fetched only where it renders
 * (signed-in users, known in the browser only). A server component cannot make this split; a client
 * boundary can.
 */
export function LazyPurchaseForm(props: ComponentProps<typeof PurchaseForm>) {
  return (
    <Suspense fallback={null}>
      <PurchaseForm {...props} />
    </Suspense>
  );
}
