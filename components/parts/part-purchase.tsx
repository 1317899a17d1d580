'use client';

import { LazyPurchaseForm } from '@/components/parts/lazy-purchase-form';
import { useViewer } from '@/components/session/use-viewer';
import type { PartDTO } from '@/lib/catalog/types';

type PartPurchaseProps = { part: Pick<PartDTO, '_id' | 'availableQuantity' | 'minimumQuantity' | 'unit'> };

/** The spec's purchase form on a cached part page, for signed-in users only; guests buy through the cart, never asked to sign in. */
export function PartPurchase({ part }: PartPurchaseProps) {
  const state = useViewer();
  if (state.status !== 'signed-in') return null;
  const { name, email, isAdmin } = state.viewer;
  return <LazyPurchaseForm part={part} viewer={{ name, email, isAdmin }} />;
}
