'use client';

import dynamic from 'next/dynamic';
import { useToastWanted } from '@/components/ui/toast';

const Sonner = dynamic(() => import('sonner').then((sonner) => sonner.Toaster), { ssr: false });

/** The spec's toasts: top right, 3000 ms (mounted with the library, once the first toast is asked for). */
export function Toaster() {
  return useToastWanted() ? <Sonner position="top-right" duration={3000} richColors closeButton /> : null;
}
