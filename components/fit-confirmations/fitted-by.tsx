'use client';

import { useActiveVehicle } from '@/components/vehicles/use-active-vehicle';
import { baseVehicleKey, fittedBy } from '@/lib/fit-confirmations/types';

/** "Fitted by 37 buyers with this vehicle": the buyers who confirmed the part on the active vehicle (none yet: nothing shown). */
export function FittedBy({ counts }: { counts: Record<string, number> }) {
  const vehicle = useActiveVehicle();
  const count = vehicle ? (counts[baseVehicleKey(vehicle)] ?? 0) : 0;
  if (!count) return null;
  return <p className="mt-2 text-sm font-medium text-emerald-800">{fittedBy(count)}</p>;
}
