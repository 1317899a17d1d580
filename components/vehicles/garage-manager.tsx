'use client';

import Link from 'next/link';
import { toast } from '@/components/ui/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { removeFromGarage, saveToGarage, switchGarageVehicle, useGarage } from '@/components/vehicles/use-garage';
import { VehiclePicker } from '@/components/vehicles/vehicle-picker';
import { CATALOG_PATH, vehicleListHref } from '@/lib/catalog/url';
import type { JsonResult } from '@/lib/client/fetch-json';
import { vehicleLabel, type VehicleChoice } from '@/lib/catalog/fitment';
import { GARAGE_SIZE } from '@/lib/vehicles/types';
import type { Garage } from '@/lib/vehicles/types';

async function report(request: Promise<JsonResult<Garage>>, done: string): Promise<void> {
  const res = await request;
  if (res.ok) toast.success(done);
  else toast.error(res.data.error ?? res.data.message ?? 'Your garage could not be changed');
}

/** My Garage: the saved vehicles (up to 10), the active one, switching, removing and adding. */
export function GarageManager() {
  const state = useGarage();
  if (state.status !== 'ready') return <p className="text-slate-600">Loading your garage…</p>;
  const { vehicles, activeId } = state.garage;
  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-600">
        {vehicles.length} of {GARAGE_SIZE} vehicles saved. The active vehicle is the one every part page checks the fit for.
      </p>
      {vehicles.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-slate-600 ring-1 ring-slate-200">No vehicles yet: add your first one below.</p>
      ) : (
        <ul aria-label="Saved vehicles" className="space-y-2">
          {vehicles.map((vehicle) => {
            const active = vehicle.id === activeId;
            const label = vehicleLabel(vehicle);
            return (
              <li
                key={vehicle.id}
                aria-label={label}
                className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200"
              >
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold text-slate-900">{label}</span>
                  {active && <Badge tone="green">Active</Badge>}
                </div>
                <div className="flex flex-wrap gap-2">
                  <Link
                    href={vehicleListHref(CATALOG_PATH, vehicle)}
                    className="rounded-lg px-3 py-1.5 text-sm font-semibold text-brand-700 underline"
                  >
                    Parts that fit
                  </Link>
                  {!active && (
                    <Button size="sm" variant="dark" onClick={() => void report(switchGarageVehicle(vehicle.id), `${label} is now active`)}>
                      Make active
                    </Button>
                  )}
                  <Button size="sm" variant="outline" onClick={() => void report(removeFromGarage(vehicle.id), `${label} removed`)}>
                    Remove
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <section aria-labelledby="add-vehicle-heading" className="rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:p-6">
        <h3 id="add-vehicle-heading" className="mb-3 font-semibold text-slate-900">
          Add a vehicle
        </h3>
        <VehiclePicker
          submitLabel="Save vehicle"
          onChoose={(vehicle: VehicleChoice) => report(saveToGarage(vehicle), `${vehicleLabel(vehicle)} saved`)}
        />
      </section>
    </div>
  );
}
