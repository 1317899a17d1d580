import type { VehicleChoice } from '@/lib/catalog/fitment';

/** Fit confirmations (issue 47) as the browser sees them: client-safe. */

/** An answer as the API gives it back; `returnUrl` (a No) opens the order's return form with "does not fit" chosen. */
export type FitConfirmationDTO = {
  orderId: string;
  partId: string;
  fits: boolean;
  vehicle: string;
  returnUrl: string | null;
};

/** A delivered line with a vehicle that the order page asks about. */
export type LineToConfirm = { partId: string; partName: string; vehicle: string };

/** A part's Yes answers: per base vehicle key (baseVehicleKey) and per fitment row key (lib/fit-confirmations/keys.ts). */
export type FitCounts = { vehicles: Record<string, number>; rows: Record<string, number> };

export const fitQuestion = (vehicle: string) => `Did it fit your ${vehicle}?`;
export const fittedBy = (count: number) => `Fitted by ${count} ${count === 1 ? 'buyer' : 'buyers'} with this vehicle`;
export const FIT_THANKS = 'Thank you: your answer helps the next buyer with this vehicle.';
export const FIT_NO_THANKS = 'Thank you for telling us. You can send the part back as "does not fit".';
export const ALREADY_ANSWERED = 'You already answered for this part of the order: thank you.';
/** The order page's query that opens its return form for one line with "does not fit" chosen. */
export const RETURN_UNFIT_QUERY = 'return=does-not-fit&part=';

/** "2016|toyota|corolla" as one map key: year, make and model (not the engine), lower-case, with no dot or `$` in it. */
export function baseVehicleKey(vehicle: Pick<VehicleChoice, 'year' | 'make' | 'model'>): string {
  const words = `${vehicle.year}|${vehicle.make.trim()}|${vehicle.model.trim()}`.toLowerCase().replace(/\s+/g, ' ');
  return encodeURIComponent(words).replace(/\./g, '%2E');
}
