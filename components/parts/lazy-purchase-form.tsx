'use client';

import { lazy, Suspense, type ComponentProps } from 'react';

const PurchaseForm = lazy(() => import('@/components/parts/purchase-form').then((module) => ({ default: module.PurchaseForm })));

/** The purchase form as its own chunk, fetched only for signed-in users; only a client boundary can make this split. */
export function LazyPurchaseForm(props: ComponentProps<typeof PurchaseForm>) {
  return (
    <Suspense fallback={null}>
      <PurchaseForm {...props} />
    </Suspense>
  );
}
