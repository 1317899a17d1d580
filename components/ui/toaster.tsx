'use client';

import { Toaster as Sonner } from 'sonner';

/** The spec's toasts: top right, 3000 ms. */
export function Toaster() {
  return <Sonner position="top-right" duration={3000} richColors closeButton />;
}
