'use client';

import { lazy, Suspense } from 'react';
import { useToastWanted } from '@/components/ui/toast';

const Sonner = lazy(() => import('sonner').then((sonner) => ({ default: sonner.Toaster })));

/**
 * The spec's toasts: top right, 3000 ms (mounted with the library, once the first toast is asked for).
 * Below the navbar's first row, so that "Added to your cart" never covers the cart link it points to
 * (a toast under the pointer also stays, its timer paused).
 */
export function Toaster() {
  return useToastWanted() ? (
    <Suspense fallback={null}>
      <Sonner position="top-right" duration={3000} offset={{ top: 72 }} mobileOffset={{ top: 64 }} richColors closeButton />
    </Suspense>
  ) : null;
}
