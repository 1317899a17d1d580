import 'server-only';
import type { FitmentRowDoc } from '@/lib/catalog';
import type { AcesApp } from './formats/aces';
import { fingerprintOf } from './fingerprints';
import { makeModelKey, type MakeModel, type VcdbLookup } from './aces-vehicles';

export type { FitmentRowDoc };

/** What an ACES batch needs to name its vehicles: the VCdb rows by id, and makes and models by id with their years. */
export type VehicleLookups = { vcdb: VcdbLookup; makeModels: Map<string, MakeModel> };

/** A row's identity across files: its brand and App id. */
export const appKey = (brandAAIAID: string | null | undefined, appId: string) => `${brandAAIAID ?? ''}|${appId}`;
export const rowKey = (row: FitmentRowDoc) => (row.source?.appId ? appKey(row.source.brandAAIAID, row.source.appId) : undefined);

// The schema's lengths (models/part.ts): a long note or name is cut rather than failing the batch's write.
const clip = (text: string | undefined, max: number) => (text && text.length > max ? `${text.slice(0, max - 1)}…` : text || undefined);

/** Each PCdb position id the admin named (lib/imports/mappings): PCdb itself is licensed, so the shop keeps its own table. */
export type PositionNames = ReadonlyMap<number, string>;

/** The position's name as the file sends it, else as the admin's table names its id; an id in neither stays an id. */
export const positionName = (app: Pick<AcesApp, 'position' | 'positionId'>, names: PositionNames) =>
  app.position || (app.positionId ? (names.get(app.positionId) ?? `Position ${app.positionId}`) : undefined);

/** The App's Quals, then the VCdb attributes the shop does not model, readable as "DriveType 6". */
function qualifiersOf(app: AcesApp): FitmentRowDoc['qualifiers'] {
  const quals = app.quals.map((qual) => ({
    text: clip(qual.text || `Qualifier ${qual.id}${qual.params.length ? ` (${qual.params.join(', ')})` : ''}`, 300)!,
    qdbId: qual.id,
  }));
  const attributes = Object.entries(app.attributes).map(([name, id]) => ({ text: `${name} ${id}` }));
  const all = [...quals, ...attributes];
  return all.length ? all : undefined;
}

type Vehicle = Pick<FitmentRowDoc, 'make' | 'model' | 'yearFrom' | 'yearTo' | 'baseVehicleId'>;

function vehicleOf(app: AcesApp, lookups: VehicleLookups): Vehicle | string {
  if ('baseVehicleId' in app.vehicle) {
    const base = lookups.vcdb.baseVehicles.get(app.vehicle.baseVehicleId);
    if (!base) return `unknown BaseVehicle ${app.vehicle.baseVehicleId}`;
    return { make: base.make, model: base.model, yearFrom: base.year, yearTo: base.year, baseVehicleId: app.vehicle.baseVehicleId };
  }
  const { makeId, modelId, yearFrom, yearTo } = app.vehicle;
  const found = lookups.makeModels.get(makeModelKey(makeId, modelId));
  if (!found) return `unknown Make ${makeId} or Model ${modelId}`;
  for (let year = yearFrom; year <= yearTo; year++) {
    if (!found.years.has(year))
      return `year ${year} is outside the base vehicle: the ${found.make} ${found.model} has no BaseVehicle in ${year}`;
  }
  return { make: found.make, model: found.model, yearFrom, yearTo };
}

/** The fitment row an App makes, or why its vehicle cannot be named. */
export function rowOf(app: AcesApp, lookups: VehicleLookups, importId: string, positions: PositionNames): FitmentRowDoc | string {
  const vehicle = vehicleOf(app, lookups);
  if (typeof vehicle === 'string') return vehicle;
  const subModel = app.subModelId ? lookups.vcdb.subModels.get(app.subModelId) : undefined;
  if (app.subModelId && !subModel) return `unknown SubModel ${app.subModelId}`;
  const engine = app.engineBaseId ? lookups.vcdb.engineBases.get(app.engineBaseId) : undefined;
  if (app.engineBaseId && !engine) return `unknown EngineBase ${app.engineBaseId}`;
  return {
    ...vehicle,
    make: clip(vehicle.make, 40)!,
    model: clip(vehicle.model, 40)!,
    engine: clip(engine?.name, 40),
    notes: clip(app.notes.join('; '), 200),
    subModel: clip(subModel?.name, 60),
    subModelId: app.subModelId,
    engineBaseId: app.engineBaseId,
    position: clip(positionName(app, positions), 60),
    positionId: app.positionId,
    quantity: app.qty,
    partTypeId: app.partTypeId,
    qualifiers: qualifiersOf(app),
    source: { importId, appId: app.id, brandAAIAID: app.brandAAIAID },
  };
}

const FIT_FIELDS = ['make', 'model', 'yearFrom', 'yearTo', 'engine', 'baseVehicleId', 'subModelId', 'engineBaseId', 'positionId'] as const;
const ROW_FIELDS = [...FIT_FIELDS, 'notes', 'subModel', 'position', 'quantity', 'partTypeId'] as const;

const qualifiersText = (row: FitmentRowDoc) => JSON.stringify((row.qualifiers ?? []).map((q) => [q.text, q.qdbId ?? null]));

/** A row's fingerprint over what sameRow compares: equal for the same row, whichever import wrote it. */
export function rowFingerprint(row: FitmentRowDoc): [number, number] {
  return fingerprintOf(JSON.stringify([ROW_FIELDS.map((field) => row[field] ?? null), qualifiersText(row), rowKey(row) ?? null]));
}

/** Same row as the shop shows and matches it, whichever import wrote it. */
export function sameRow(a: FitmentRowDoc, b: FitmentRowDoc): boolean {
  return (
    ROW_FIELDS.every((field) => (a[field] ?? null) === (b[field] ?? null)) &&
    qualifiersText(a) === qualifiersText(b) &&
    rowKey(a) === rowKey(b)
  );
}

/** Same part, vehicle, position and qualifiers: what a delete without a known App id removes. */
export const sameFit = (a: FitmentRowDoc, b: FitmentRowDoc) =>
  FIT_FIELDS.every((field) => (a[field] ?? null) === (b[field] ?? null)) && qualifiersText(a) === qualifiersText(b);
