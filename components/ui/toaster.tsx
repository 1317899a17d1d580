'use client';

import { lazy, Suspense } from 'react';
import { useToastWanted } from '@/components/ui/toast';

const Sonner = lazy(() => import('sonner').then((sonner) => ({ default: sonner.Toaster })));

/** The spec's toasts: top right, 3000 ms; below the navbar's first row so "Added to your cart" never covers the cart link. */
export function Toaster() {
  return useToastWanted() ? (
    <Suspense fallback={null}>
      <Sonner position="top-right" duration={3000} offset={{ top: 72 }} mobileOffset={{ top: 64 }} richColors closeButton />
    </Suspense>
  ) : null;
}
