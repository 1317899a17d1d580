'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useCallback, useId, useRef, useState, type Ref } from 'react';
import { toast } from '@/components/ui/toast';
import { useDismiss } from '@/components/ui/use-dismiss';
import { setActiveVehicle, useActiveVehicle } from '@/components/vehicles/use-active-vehicle';
import { chooseVehicle, switchGarageVehicle, useGarage } from '@/components/vehicles/use-garage';
import { VehiclePicker } from '@/components/vehicles/vehicle-picker';
import { catalogBasePath, catalogHref, readCatalogParams, vehicleOf, vehicleParams, vehicleRedirect } from '@/lib/catalog/url';
import { vehicleLabel, type VehicleChoice } from '@/lib/catalog/fitment';
import type { GarageEntry } from '@/lib/vehicles/types';

/** The navbar's vehicle selector; on a catalog page a change narrows the list at once. */
export function VehicleMenu() {
  const vehicle = useActiveVehicle();
  const garage = useGarage();
  const [open, setOpen] = useState(false);
  const refreshCatalog = useCatalogRefresh();
  const panelId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, panel, button);

  async function choose(next: VehicleChoice) {
    const error = await chooseVehicle(next, garage);
    if (error) toast.error(error);
    setOpen(false);
    refreshCatalog(next);
  }

  async function switchTo(id: string) {
    const res = await switchGarageVehicle(id);
    if (!res.ok) return toast.error(res.data.error ?? 'Your garage could not be changed');
    setOpen(false);
    const active = res.data.vehicles.find((v) => v.id === res.data.activeId) ?? null;
    refreshCatalog(active);
  }

  function clear() {
    setActiveVehicle(null);
    setOpen(false);
    refreshCatalog(null);
  }

  const others = garage.status === 'ready' ? garage.garage.vehicles.filter((v) => v.id !== garage.garage.activeId) : [];

  return (
    <div className="lg:relative">
      <MenuButton
        ref={button}
        open={open}
        panelId={panelId}
        label={vehicle ? vehicleLabel(vehicle) : 'Select vehicle'}
        onToggle={() => setOpen((value) => !value)}
      />
      {open && (
        <div
          ref={panel}
          id={panelId}
          role="dialog"
          aria-label="Your vehicle"
          className="absolute inset-x-0 top-full z-50 mt-2 max-h-[75vh] space-y-4 overflow-y-auto rounded-xl bg-white p-4 text-slate-900 shadow-xl ring-1 ring-slate-200 lg:inset-x-auto lg:right-0 lg:w-96"
        >
          {vehicle && <ActiveVehicle vehicle={vehicle} onClear={garage.status !== 'ready' ? clear : undefined} />}
          {others.length > 0 && <GarageSwitch vehicles={others} onSwitch={(id) => void switchTo(id)} />}
          <div>
            <p className="mb-2 text-sm font-semibold text-slate-700">{vehicle ? 'Choose another vehicle' : 'Choose your vehicle'}</p>
            <VehiclePicker submitLabel={garage.status === 'ready' ? 'Save to My Garage' : 'Set vehicle'} onChoose={choose} />
          </div>
        </div>
      )}
    </div>
  );
}

/** On a catalog page, narrows the list to the new vehicle (or drops the filter). */
function useCatalogRefresh() {
  const router = useRouter();
  const pathname = usePathname();
  return (next: VehicleChoice | null) => {
    const basePath = catalogBasePath(pathname);
    if (!basePath) return;
    // Read at the moment of the change (useSearchParams would make every cached page render this on the client only).
    const search = new URLSearchParams(window.location.search);
    // A plain list follows the vehicle by itself (components/catalog/vehicle-redirect.tsx).
    if (vehicleRedirect(pathname, search, next)) return;
    const params = readCatalogParams(Object.fromEntries(search));
    if (!vehicleOf(params) && !next) return;
    router.push(catalogHref(basePath, params, vehicleParams(next)));
  };
}

type MenuButtonProps = { ref: Ref<HTMLButtonElement>; open: boolean; panelId: string; label: string; onToggle: () => void };

function MenuButton({ ref, open, panelId, label, onToggle }: MenuButtonProps) {
  return (
    <button
      ref={ref}
      type="button"
      aria-expanded={open}
      aria-controls={panelId}
      onClick={onToggle}
      className="flex max-w-[16rem] items-center gap-2 rounded-md border border-white/20 px-3 py-1.5 text-sm font-medium text-white hover:bg-white/10"
    >
      <svg viewBox="0 0 24 24" className="h-5 w-5 shrink-0" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
        <path d="M3 13l2-5a2 2 0 012-1.4h10A2 2 0 0119 8l2 5v5h-2.5M3 13v5h2.5M3 13h18M7.5 18a1.5 1.5 0 11-3 0 1.5 1.5 0 013 0zm12 0a1.5 1.5 0 11-3 0 1.5 1.5 0 013 0z" />
      </svg>
      <span className="truncate">{label}</span>
    </button>
  );
}

/** The vehicle shopped for; without a garage it can be cleared here. */
function ActiveVehicle({ vehicle, onClear }: { vehicle: VehicleChoice; onClear?: () => void }) {
  return (
    <div className="flex items-center justify-between gap-3 rounded-lg bg-slate-50 p-3 text-sm">
      <p>
        Shopping for your <strong>{vehicleLabel(vehicle)}</strong>
      </p>
      {onClear && (
        <button type="button" className="shrink-0 font-semibold text-brand-700 underline" onClick={onClear}>
          Clear
        </button>
      )}
    </div>
  );
}

function GarageSwitch({ vehicles, onSwitch }: { vehicles: GarageEntry[]; onSwitch: (id: string) => void }) {
  return (
    <div>
      <p className="text-sm font-semibold text-slate-700">Switch to a vehicle in your garage</p>
      <ul className="mt-2 space-y-1">
        {vehicles.map((entry) => (
          <li key={entry.id}>
            <button
              type="button"
              onClick={() => onSwitch(entry.id)}
              className="w-full rounded-md px-2 py-1.5 text-left text-sm hover:bg-slate-100"
            >
              {vehicleLabel(entry)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
