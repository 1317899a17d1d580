import type { VehicleChoice } from '@/lib/catalog/fitment';

/** A waiting alert as the API answers it (client-safe). */
export type AlertDTO = {
  id: string;
  kind: 'part' | 'vehicle';
  partId: string | null;
  vehicle: { year: number; make: string; model: string; engine: string | null } | null;
  label: string;
  email: string;
  createdAt: string;
  expiresAt: string;
};

/** How long an alert waits before it ends unsent. */
export const ALERT_DAYS = 90;

export const partAlertButton = 'Email me when it is back';
export const vehicleAlertButton = (label: string) => `Email me when a part for my ${label} arrives`;
export const ALERT_SAVED = "Done: we'll email you once, within a minute of it arriving.";
export type { VehicleChoice };
