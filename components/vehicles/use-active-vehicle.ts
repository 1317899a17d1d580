'use client';

import { useSyncExternalStore } from 'react';
import type { VehicleChoice } from '@/lib/catalog/fitment';
import { readVehicleCookie, vehicleCookie } from '@/lib/vehicles/cookie';

/** The active vehicle of this browser (lib/vehicles/cookie.ts), shared by every island on the page. */
const listeners = new Set<() => void>();
let current: VehicleChoice | null | undefined;

function read(): VehicleChoice | null {
  if (current === undefined) current = readVehicleCookie(document.cookie);
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The active vehicle now (outside React: event handlers). */
export function readActiveVehicle(): VehicleChoice | null {
  return read();
}

/** Null until hydrated and when no vehicle is chosen. */
export function useActiveVehicle(): VehicleChoice | null {
  return useSyncExternalStore(subscribe, read, () => null);
}

/** Makes a vehicle active (or none) for every island of every page of this browser. */
export function setActiveVehicle(vehicle: VehicleChoice | null): void {
  const before = read();
  if (before === vehicle || (before && vehicle && vehicleCookie(before) === vehicleCookie(vehicle))) return;
  document.cookie = vehicleCookie(vehicle);
  current = vehicle;
  for (const listener of listeners) listener();
}
