'use client';

import { useEffect, useSyncExternalStore } from 'react';
import { useViewer } from '@/components/session/use-viewer';
import { setActiveVehicle, readActiveVehicle } from '@/components/vehicles/use-active-vehicle';
import { fetchJson, type JsonResult } from '@/lib/client/fetch-json';
import type { VehicleChoice } from '@/lib/catalog/fitment';
import type { Garage, GarageEntry } from '@/lib/vehicles/types';

/** A customer's garage, shared by the navbar and My Garage; its active vehicle is mirrored into the vehicle cookie
 * that badges and the catalog read. A vehicle chosen before signing in joins an empty garage. */
export type GarageState = { status: 'none' } | { status: 'loading' } | { status: 'ready'; garage: Garage };

const NONE: GarageState = { status: 'none' };
let state: GarageState = NONE;
let loadedFor: string | null = null;
const listeners = new Set<() => void>();

function publish(next: GarageState): void {
  state = next;
  if (next.status === 'ready') setActiveVehicle(activeOf(next.garage));
  for (const listener of listeners) listener();
}

export function activeOf(garage: Garage): GarageEntry | null {
  return garage.vehicles.find((vehicle) => vehicle.id === garage.activeId) ?? null;
}

async function load(): Promise<void> {
  publish({ status: 'loading' });
  const res = await fetchJson<Garage>('/api/garage', { cache: 'no-store' });
  if (!res.ok) return publish(NONE);
  const chosen = readActiveVehicle();
  if (res.data.vehicles.length === 0 && chosen) {
    const adopted = await fetchJson<Garage>('/api/garage', { method: 'POST', json: garageBody(chosen) });
    if (adopted.ok) return publish({ status: 'ready', garage: adopted.data });
  }
  publish({ status: 'ready', garage: res.data });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The garage of the signed-in customer (`none` for visitors and admins), loaded once per page load. */
export function useGarage(): GarageState {
  const viewer = useViewer();
  const customer = viewer.status === 'signed-in' && !viewer.viewer.isAdmin ? viewer.viewer.email : null;
  useEffect(() => {
    if (customer && loadedFor !== customer) {
      loadedFor = customer;
      void load();
    }
  }, [customer]);
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => NONE,
  );
  return customer ? current : NONE;
}

async function change(request: Promise<JsonResult<Garage>>): Promise<JsonResult<Garage>> {
  const res = await request;
  if (res.ok) publish({ status: 'ready', garage: res.data });
  return res;
}

/** "Any engine" (null) is sent as no engine. */
const garageBody = (vehicle: VehicleChoice) => ({ ...vehicle, engine: vehicle.engine ?? undefined });

export const saveToGarage = (vehicle: VehicleChoice) =>
  change(fetchJson<Garage>('/api/garage', { method: 'POST', json: garageBody(vehicle) }));

export const switchGarageVehicle = (id: string) => change(fetchJson<Garage>('/api/garage/active', { method: 'PUT', json: { id } }));

export const removeFromGarage = (id: string) => change(fetchJson<Garage>(`/api/garage/${encodeURIComponent(id)}`, { method: 'DELETE' }));

/** Makes a vehicle active in the browser at once and in a signed-in customer's garage; answers the garage's error, if any. */
export async function chooseVehicle(vehicle: VehicleChoice, garage: GarageState): Promise<string | null> {
  setActiveVehicle(vehicle);
  if (garage.status !== 'ready') return null;
  const res = await saveToGarage(vehicle);
  return res.ok ? null : (res.data.error ?? res.data.message ?? 'Your garage could not be saved');
}
