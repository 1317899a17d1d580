import 'server-only';
import { createHash } from 'node:crypto';
import { fitStatus, rowVehicle, vehicleLabel, type FitmentRowDoc, type VehicleChoice } from '@/lib/catalog';
import { vehicleWords } from '@/lib/orders';
import { referenceData } from '@/lib/vehicles';
import type { FitmentReviewRowDTO } from './types';

/** Which vehicle a "does not fit" return names, and which of the part's rows let it through. */

export type ReturnedVehicle = { year: number; make: string; model: string; engine: string | null };

/** The fields a review finds its row again by (a row's identity; its notes and qualifiers are what actions change). */
export type RowRef = FitmentReviewRowDTO & { appId: string | null };

/** "2016 Toyota Corolla 1.8L" read against known make and model pairs (longest first, so "Range Rover Sport" beats "Range Rover"). */
function readVehicle(text: string, pairs: ReadonlyArray<{ make: string; model: string }>): ReturnedVehicle | null {
  const match = /^(\d{4})\s+(.+)$/.exec(text.trim().replace(/\s+/g, ' '));
  if (!match) return null;
  const rest = match[2]!;
  const sorted = [...pairs].sort((a, b) => b.make.length + b.model.length - a.make.length - a.model.length);
  for (const { make, model } of sorted) {
    const name = `${make} ${model}`.toLowerCase();
    const lower = rest.toLowerCase();
    if (lower === name || lower.startsWith(`${name} `))
      return { year: Number(match[1]), make, model, engine: rest.slice(name.length).trim() || null };
  }
  return null;
}

/** The vehicle a return names: by the part's rows first, then by the shop's vehicle list. */
export async function returnedVehicle(text: string, rows: readonly FitmentRowDoc[]): Promise<ReturnedVehicle | null> {
  const own = readVehicle(text, rows);
  if (own) return own;
  const { generations } = await referenceData();
  return readVehicle(text, generations);
}

export const rowRef = (row: FitmentRowDoc): RowRef => ({
  ...rowVehicle(row),
  position: row.position ?? null,
  appId: row.source?.appId ?? null,
});

// Stored refs may lack a field or hold undefined: compare the fields in one order, null for absent.
const refText = (ref: RowRef) =>
  JSON.stringify([
    ref.make,
    ref.model,
    ref.yearFrom,
    ref.yearTo,
    ref.engine ?? null,
    ref.subModel ?? null,
    ref.position ?? null,
    ref.appId ?? null,
  ]);

export const sameRow = (a: RowRef, b: RowRef) => refText(a) === refText(b);

/** The row a review is about, found again among the rows as they are now (-1: gone or changed meanwhile). */
export function findRow(rows: readonly FitmentRowDoc[], ref: RowRef): number {
  return rows.findIndex((row) => sameRow(rowRef(row), ref));
}

/** The row that let the vehicle through: one that fits it as named, else one for its base vehicle (any engine); null: none. */
export function matchedRow(rows: readonly FitmentRowDoc[], vehicle: ReturnedVehicle | null): FitmentRowDoc | null {
  if (!vehicle) return null;
  const attempts: VehicleChoice[] = [vehicle, { ...vehicle, engine: null }];
  for (const choice of attempts) {
    const found = rows.find((row) => fitStatus([row], choice) === 'fits') ?? rows.find((row) => fitStatus([row], choice) === 'check');
    if (found) return found;
  }
  return null;
}

/** A vehicle's key and label: named ones by their parts, others by their words (or VIN). */
export function vehicleIdentity(text: string | null, vin: string | null, vehicle: ReturnedVehicle | null): { key: string; label: string } {
  if (vehicle)
    return { key: vehicleWords(`${vehicle.year}|${vehicle.make}|${vehicle.model}|${vehicle.engine ?? ''}`), label: vehicleLabel(vehicle) };
  if (text) return { key: `text|${vehicleWords(text)}`, label: text.trim() };
  return { key: `vin|${vin ?? ''}`, label: `VIN ${vin ?? 'not given'}` };
}

/** A review's `_id`: 24 hex digits, so a path names it like any other id. */
export const reviewId = (partId: string, vehicleKey: string, round: number) =>
  createHash('sha256').update(`${partId}|${vehicleKey}|${round}`).digest('hex').slice(0, 24);
