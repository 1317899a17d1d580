'use client';

import { useMemo } from 'react';
import { useActiveVehicle } from '@/components/vehicles/use-active-vehicle';
import {
  FIT_REPORTED_LABEL,
  fitLabel,
  fitStatus,
  isFitReported,
  type FitmentRowLike,
  type FitStatus,
  type FitWarning,
  type VehicleChoice,
} from '@/lib/catalog/fitment';
import { cn } from '@/lib/core/utils';

const TONES = {
  fits: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
  check: 'bg-amber-50 text-amber-900 ring-amber-600/30',
  no: 'bg-red-50 text-red-800 ring-red-600/30',
} as const;

/**
 * "Fits your 2016 Toyota Corolla", "Does not fit" or "Check the fitment notes", for the browser's active vehicle; "Check the
 * fit notes" instead of "Fits" while buyers' "does not fit" returns for the vehicle wait for review.
 */
export function FitBadge({
  fitment,
  size = 'card',
  vehicle: given = null,
  status: decided,
  warnings,
}: {
  fitment: readonly FitmentRowLike[];
  /** The part's reported vehicles (PartDTO `fitWarnings`). */
  warnings?: readonly FitWarning[];
  size?: 'card' | 'page';
  /** The vehicle the page is about (a catalog narrowed to it); otherwise the browser's active vehicle. */
  vehicle?: VehicleChoice | null;
  /** The status the part's fit questions decided (components/parts/fit-questions.tsx); otherwise the rows' own. */
  status?: FitStatus;
}) {
  const active = useActiveVehicle();
  const vehicle = given ?? active;
  const computed = useMemo(() => (vehicle ? fitStatus(fitment, vehicle) : null), [fitment, vehicle]);
  const decidedStatus = vehicle ? (decided ?? computed) : null;
  if (!vehicle || !decidedStatus) return null;
  const reported = decidedStatus === 'fits' && isFitReported(warnings, vehicle);
  const status = reported ? 'check' : decidedStatus;
  return (
    <p
      data-testid="fit-badge"
      data-fit={reported ? 'reported' : status}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full font-semibold ring-1 ring-inset',
        TONES[status],
        size === 'page' ? 'px-3 py-1 text-sm' : 'px-2.5 py-0.5 text-xs',
      )}
    >
      <span aria-hidden="true">{status === 'fits' ? '✓' : status === 'no' ? '✕' : '!'}</span>
      {reported ? FIT_REPORTED_LABEL : fitLabel(status, vehicle)}
    </p>
  );
}
