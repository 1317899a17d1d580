import type { VehicleChoice } from '@/lib/catalog';

/** The active vehicle, readable by scripts (not a secret) so cached pages' islands show fit badges without a request. Client-safe. */
export const VEHICLE_COOKIE = 'pm_vehicle';
const MAX_AGE = 365 * 24 * 60 * 60;

export function encodeVehicle(vehicle: VehicleChoice): string {
  return encodeURIComponent(
    JSON.stringify({ year: vehicle.year, make: vehicle.make, model: vehicle.model, engine: vehicle.engine ?? null }),
  );
}

export function decodeVehicle(value: string | undefined | null): VehicleChoice | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(decodeURIComponent(value)) as Partial<VehicleChoice>;
    if (typeof parsed.year !== 'number' || typeof parsed.make !== 'string' || typeof parsed.model !== 'string') return null;
    return { year: parsed.year, make: parsed.make, model: parsed.model, engine: typeof parsed.engine === 'string' ? parsed.engine : null };
  } catch {
    return null;
  }
}

export function vehicleCookie(vehicle: VehicleChoice | null): string {
  return vehicle
    ? `${VEHICLE_COOKIE}=${encodeVehicle(vehicle)}; Path=/; Max-Age=${MAX_AGE}; SameSite=Lax`
    : `${VEHICLE_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}

export function readVehicleCookie(cookieHeader: string): VehicleChoice | null {
  const entry = cookieHeader.split(';').find((part) => part.trim().startsWith(`${VEHICLE_COOKIE}=`));
  return decodeVehicle(entry?.trim().slice(VEHICLE_COOKIE.length + 1));
}
