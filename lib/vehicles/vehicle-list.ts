import 'server-only';
import { connectDb } from '@/lib/platform/db';
import { ValidationError, type FieldErrors } from '@/lib/core/errors';
import { catalogSearch } from '@/lib/catalog';
import { decodeVin, type VinDecodeResult } from '@/lib/vehicles/vin';
import type { FitmentRow } from '@/lib/validations/parts';
import { Vehicle, VehicleMake } from '@/models';

/** Vehicle reference data; small and changed only by a data load, so each process keeps it for a minute. */
export type VehicleGeneration = {
  id: string;
  make: string;
  model: string;
  yearFrom: number;
  yearTo: number;
  engines: Array<{ name: string; yearFrom: number; yearTo: number }>;
};
export type ReferenceData = { generations: VehicleGeneration[]; wmi: Array<{ make: string; wmi: string[] }> };

const KEEP_MS = 60_000;
let loaded: { at: number; data: Promise<ReferenceData> } | null = null;

async function load(): Promise<ReferenceData> {
  await connectDb();
  const [generations, makes] = await Promise.all([Vehicle.find().lean(), VehicleMake.find().lean()]);
  return {
    generations: generations.map((g) => ({
      id: g._id,
      make: g.make,
      model: g.model,
      yearFrom: g.yearFrom,
      yearTo: g.yearTo,
      engines: g.engines,
    })),
    wmi: makes.map((make) => ({ make: make._id, wmi: make.wmi })),
  };
}

export function referenceData(): Promise<ReferenceData> {
  if (!loaded || Date.now() - loaded.at > KEEP_MS) {
    const data = load();
    loaded = { at: Date.now(), data };
    data.catch(() => (loaded = null));
  }
  return loaded.data;
}

/** Forgets the copy this process keeps (after loading new reference data). */
export function forgetReferenceData(): void {
  loaded = null;
}

const same = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' }) === 0;
const byName = (a: string, b: string) => a.localeCompare(b, 'en');

export async function listMakes(): Promise<string[]> {
  const { generations } = await referenceData();
  return [...new Set(generations.map((g) => g.make))].sort(byName);
}

/** The makes the catalog has parts for (some part's fitment names one of its models), as the reference data spells them. */
export async function listMakesWithParts(): Promise<string[]> {
  const [makes, coverage] = await Promise.all([listMakes(), catalogSearch().vehicleCoverage()]);
  const covered = new Set([...coverage.keys()].map((key) => key.split('|')[0]));
  return makes.filter((make) => covered.has(make.toLowerCase()));
}

/** A make's models with the years offered and, of those, the years with parts in the catalog. */
export async function listModels(make: string): Promise<Array<{ model: string; years: number[]; yearsWithParts: number[] }>> {
  const [{ generations }, coverage] = await Promise.all([referenceData(), catalogSearch().vehicleCoverage()]);
  const models = new Map<string, Set<number>>();
  for (const g of generations.filter((g) => same(g.make, make))) {
    const years = models.get(g.model) ?? new Set<number>();
    for (let year = g.yearFrom; year <= g.yearTo; year++) years.add(year);
    models.set(g.model, years);
  }
  return [...models]
    .map(([model, years]) => {
      const covered = coverage.get(`${make}|${model}`.toLowerCase());
      const sorted = [...years].sort((a, b) => b - a);
      return { model, years: sorted, yearsWithParts: covered ? sorted.filter((year) => covered.has(year)) : [] };
    })
    .sort((a, b) => byName(a.model, b.model));
}

/** A model's years, newest first, each with the engines offered that year. */
export async function listYearsAndEngines(make: string, model: string): Promise<Array<{ year: number; engines: string[] }>> {
  const { generations } = await referenceData();
  const years = new Map<number, Set<string>>();
  for (const g of generations.filter((g) => same(g.make, make) && same(g.model, model))) {
    for (let year = g.yearFrom; year <= g.yearTo; year++) {
      const engines = years.get(year) ?? new Set<string>();
      for (const engine of g.engines) if (year >= engine.yearFrom && year <= engine.yearTo) engines.add(engine.name);
      years.set(year, engines);
    }
  }
  return [...years].sort(([a], [b]) => b - a).map(([year, engines]) => ({ year, engines: [...engines].sort(byName) }));
}

/** The canonical spelling of a vehicle in the reference data, or null when it is not there. */
export async function findVehicle(choice: { year: number; make: string; model: string; engine?: string | null }) {
  const { generations } = await referenceData();
  // A model's year can be in more than one generation (one entered by hand beside one an import built).
  const ofYear = generations.filter(
    (g) => same(g.make, choice.make) && same(g.model, choice.model) && choice.year >= g.yearFrom && choice.year <= g.yearTo,
  );
  if (!ofYear.length) return null;
  let engine: string | null = null;
  if (choice.engine) {
    const match = ofYear
      .flatMap((g) => g.engines)
      .find((e) => same(e.name, choice.engine!) && choice.year >= e.yearFrom && choice.year <= e.yearTo);
    if (!match) return null;
    engine = match.name;
  }
  return { year: choice.year, make: ofYear[0]!.make, model: ofYear[0]!.model, engine };
}

/** Checks fitment rows against the reference data (a row for another vehicle could never match the selector);
 * answers them with the reference spellings. */
export async function checkFitment(rows: FitmentRow[]): Promise<FitmentRow[]> {
  const { generations } = await referenceData();
  const errors: FieldErrors = {};
  const checked = rows.map((row, index) => {
    const at = (field: string, message: string) => ((errors[`fitment.${index}.${field}`] ??= []).push(message), row);
    const ofModel = generations.filter((g) => same(g.make, row.make) && same(g.model, row.model));
    if (!generations.some((g) => same(g.make, row.make))) return at('make', `${row.make} is not in the vehicle list`);
    if (!ofModel.length) return at('model', `${row.model} is not a ${row.make} model in the vehicle list`);
    for (let year = row.yearFrom; year <= row.yearTo; year++) {
      if (!ofModel.some((g) => year >= g.yearFrom && year <= g.yearTo))
        return at('yearTo', `The ${row.make} ${row.model} was not made in ${year}`);
    }
    let engine = row.engine;
    if (row.engine) {
      const engines = ofModel.flatMap((g) => g.engines).filter((e) => same(e.name, row.engine!));
      const offered = (year: number) => engines.some((e) => year >= e.yearFrom && year <= e.yearTo);
      if (!engines.length) return at('engine', `The ${row.make} ${row.model} has no ${row.engine} engine in the vehicle list`);
      for (let year = row.yearFrom; year <= row.yearTo; year++)
        if (!offered(year)) return at('engine', `The ${row.engine} was not offered in ${year}`);
      engine = engines[0]!.name;
    }
    return { ...row, make: ofModel[0]!.make, model: ofModel[0]!.model, engine };
  });
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new ValidationError(first, errors);
  return checked;
}

/** GET /api/vin/{vin}: the offline decode, with the maker from our reference data. */
export async function decodeVinOffline(vin: string): Promise<VinDecodeResult> {
  const { wmi } = await referenceData();
  return decodeVin(vin, wmi);
}
