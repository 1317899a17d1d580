'use client';

import { useMemo } from 'react';
import { useActiveVehicle } from '@/components/vehicles/use-active-vehicle';
import { fitLabel, fitStatus, type FitmentRowLike, type FitStatus, type VehicleChoice } from '@/lib/catalog/fitment';
import { cn } from '@/lib/core/utils';

const TONES = {
  fits: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
  check: 'bg-amber-50 text-amber-900 ring-amber-600/30',
  no: 'bg-red-50 text-red-800 ring-red-600/30',
} as const;

/** "Fits your 2016 Toyota Corolla", "Does not fit" or "Check the fitment notes", for the browser's active vehicle. */
export function FitBadge({
  fitment,
  size = 'card',
  vehicle: given = null,
  status: decided,
}: {
  fitment: readonly FitmentRowLike[];
  size?: 'card' | 'page';
  /** The vehicle the page is about (a catalog narrowed to it); otherwise the browser's active vehicle. */
  vehicle?: VehicleChoice | null;
  /** The status the part's fit questions decided (components/parts/fit-questions.tsx); otherwise the rows' own. */
  status?: FitStatus;
}) {
  const active = useActiveVehicle();
  const vehicle = given ?? active;
  const computed = useMemo(() => (vehicle ? fitStatus(fitment, vehicle) : null), [fitment, vehicle]);
  const status = vehicle ? (decided ?? computed) : null;
  if (!vehicle || !status) return null;
  return (
    <p
      data-testid="fit-badge"
      data-fit={status}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full font-semibold ring-1 ring-inset',
        TONES[status],
        size === 'page' ? 'px-3 py-1 text-sm' : 'px-2.5 py-0.5 text-xs',
      )}
    >
      <span aria-hidden="true">{status === 'fits' ? '✓' : status === 'no' ? '✕' : '!'}</span>
      {fitLabel(status, vehicle)}
    </p>
  );
}
