'use client';

import Link from 'next/link';
import { useActiveVehicle } from '@/components/vehicles/use-active-vehicle';
import { catalogHref, vehicleOf, vehicleParams, type CatalogParams } from '@/lib/catalog/url';
import { vehicleLabel } from '@/lib/catalog/fitment';

/** "Fits my vehicle": the vehicle is the browser's cookie and the filter is in the URL, so the page stays cacheable for everyone. */
export function FitFilter({ basePath, params }: { basePath: string; params: CatalogParams }) {
  const active = useActiveVehicle();
  if (vehicleOf(params)) return null;
  return (
    <div className="rounded-lg bg-slate-50 p-3 text-sm ring-1 ring-slate-200">
      <p className="mb-2 text-sm font-bold uppercase tracking-wider text-slate-700">Vehicle</p>
      {active ? (
        <Link
          href={catalogHref(basePath, params, vehicleParams(active))}
          prefetch={false}
          className="font-semibold text-brand-700 underline"
        >
          Only parts that fit my {vehicleLabel(active)}
        </Link>
      ) : (
        <p className="text-slate-600">Choose your vehicle with “Select vehicle” at the top to see only the parts that fit it.</p>
      )}
    </div>
  );
}
