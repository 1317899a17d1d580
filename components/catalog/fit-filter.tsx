'use client';

import Link from 'next/link';
import { useActiveVehicle } from '@/components/vehicles/use-active-vehicle';
import { catalogHref, vehicleOf, vehicleParams, type CatalogParams } from '@/lib/catalog/url';
import { vehicleLabel } from '@/lib/catalog/fitment';

const boxClass = 'rounded-lg bg-slate-50 p-3 text-sm ring-1 ring-slate-200';

/**
 * "Fits my vehicle": the vehicle is the browser's (a cookie), the filter is in the URL, so the page
 * itself stays the same for everyone and can be cached.
 */
export function FitFilter({ basePath, params }: { basePath: string; params: CatalogParams }) {
  const active = useActiveVehicle();
  const filtered = vehicleOf(params);
  const heading = <p className="mb-2 text-sm font-bold uppercase tracking-wider text-slate-700">Vehicle</p>;
  if (filtered) {
    return (
      <div className={boxClass}>
        {heading}
        <p className="text-slate-900">
          Parts that fit your <strong>{vehicleLabel(filtered)}</strong>
        </p>
        <Link
          href={catalogHref(basePath, params, vehicleParams(null))}
          prefetch={false}
          className="mt-2 inline-block font-semibold text-brand-700 underline"
        >
          Show parts for every vehicle
        </Link>
      </div>
    );
  }
  return (
    <div className={boxClass}>
      {heading}
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
