import type { FitmentDTO } from '@/lib/catalog/types';
import type { VehicleChoice } from '@/lib/validations/vehicles';
/** Does a part fit a vehicle (DESIGN.md section 4)? Pure and client-safe: server search and the cached pages' badges share it. */
export type FitmentRowLike = {
  make: string;
  model: string;
  yearFrom: number;
  yearTo: number;
  engine?: string | null;
  notes?: string | null;
};
export type { VehicleChoice };

/** A row's vehicle as the API and every reader of rows give it: absent fields as null. */
export function rowVehicle(row: FitmentRowLike & { subModel?: string | null }) {
  return {
    make: row.make,
    model: row.model,
    yearFrom: row.yearFrom,
    yearTo: row.yearTo,
    engine: row.engine ?? null,
    subModel: row.subModel ?? null,
  };
}

/** A stored row (or a kit candidate's) with what its API answer shows besides the vehicle. */
export type FitmentRowIn = FitmentRowLike & {
  subModel?: string | null;
  position?: string | null;
  quantity?: number | null;
  qualifiers?: ReadonlyArray<{ text: string } | string> | null;
};

/** A row as the API gives it, on a part and on a job kit's proposed part alike: the qualifiers as their text. */
export function fitmentRowDTO(row: FitmentRowIn): FitmentDTO {
  return {
    ...rowVehicle(row),
    notes: row.notes ?? null,
    position: row.position ?? null,
    quantity: row.quantity ?? null,
    qualifiers: (row.qualifiers ?? []).map((qualifier) => (typeof qualifier === 'string' ? qualifier : qualifier.text)),
  };
}

/** `fits`: a row matches without conditions; `check`: a row matches with notes, or only for an engine not chosen; `no`: nothing matches. */
export type FitStatus = 'fits' | 'check' | 'no';

// Names are compared without regard to case (a lower-case comparison: this runs for every part of a vehicle's listing).
const same = (a: string, b: string) => a === b || a.toLowerCase() === b.toLowerCase();

export function fitStatus(fitment: readonly FitmentRowLike[], vehicle: VehicleChoice): FitStatus {
  // A part without fitment data can fit anything: its notes have to tell.
  if (!fitment.length) return 'check';
  let status: FitStatus = 'no';
  for (const row of fitment) {
    if (!same(row.make, vehicle.make) || !same(row.model, vehicle.model) || vehicle.year < row.yearFrom || vehicle.year > row.yearTo)
      continue;
    if (row.engine && vehicle.engine && !same(row.engine, vehicle.engine)) continue;
    if (row.notes || (row.engine && !vehicle.engine)) status = 'check';
    else return 'fits';
  }
  return status;
}

/** A row as fitStatus reads it: a note only as a mark that there is one (cards carry it in the page, the search index keeps it). */
export function statusRow({ make, model, yearFrom, yearTo, engine, notes }: FitmentRowLike): FitmentRowLike {
  return { make, model, yearFrom, yearTo, ...(engine ? { engine } : {}), ...(notes ? { notes: '*' } : {}) };
}

export const fitmentForStatus = (fitment: readonly FitmentRowLike[]): FitmentRowLike[] => fitment.map(statusRow);

/** One shared object per distinct row as fitStatus reads it: imported catalogs repeat rows across parts (2,000,000 rows over
 * 20,000 base vehicles hold some 60,000 distinct ones). */
export class StatusRows {
  private readonly kept = new Map<string, FitmentRowLike>();

  get size(): number {
    return this.kept.size;
  }

  intern(row: FitmentRowLike): FitmentRowLike {
    const key = JSON.stringify([row.make, row.model, row.yearFrom, row.yearTo, row.engine || null, Boolean(row.notes)]);
    let kept = this.kept.get(key);
    if (!kept) this.kept.set(key, (kept = statusRow(row)));
    return kept;
  }

  clear(): void {
    this.kept.clear();
  }
}

/** "2016 Toyota Corolla 1.8L I4" */
export function vehicleLabel(vehicle: VehicleChoice): string {
  return [vehicle.year, vehicle.make, vehicle.model, vehicle.engine].filter(Boolean).join(' ');
}

/** A vehicle with two or more "does not fit" returns of the part not yet reviewed (lib/returns fit reviews). */
export type FitWarning = { year: number; make: string; model: string; engine: string | null };

/** The badge says this instead of "Fits" for a vehicle buyers keep returning the part for. */
export const FIT_REPORTED_LABEL = 'Check the fit notes';

/** Whether buyers reported the part as not fitting this vehicle: same year, make and model, and the same engine where both name one. */
export function isFitReported(warnings: readonly FitWarning[] | undefined, vehicle: VehicleChoice): boolean {
  return Boolean(
    warnings?.some(
      (warning) =>
        warning.year === vehicle.year &&
        same(warning.make, vehicle.make) &&
        same(warning.model, vehicle.model) &&
        (!warning.engine || !vehicle.engine || same(warning.engine, vehicle.engine)),
    ),
  );
}

/** The badge text of a part for the active vehicle. */
export function fitLabel(status: FitStatus, vehicle: VehicleChoice): string {
  if (status === 'fits') return `Fits your ${vehicleLabel({ ...vehicle, engine: null })}`;
  return status === 'no' ? 'Does not fit' : 'Check the fitment notes';
}
