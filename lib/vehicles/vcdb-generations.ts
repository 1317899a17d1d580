import { bulkWriteInCommands } from '@/lib/platform/by-id';
import 'server-only';
import { connectDb } from '@/lib/platform/db';
import { forgetReferenceData } from '@/lib/vehicles/vehicle-list';
import { readRecords, writeRecords, type VcdbChange, type VcdbExtract, type VcdbRecordInput } from '@/lib/vehicles/vcdb';
import { Vehicle, VcdbRecord } from '@/models';
import type { VehicleDoc } from '@/models/vehicle';

/** The selector's generations (models/vehicle.ts) rebuilt from the VCdb records of the makes and models an import touched. */

type Engine = { name: string; yearFrom: number; yearTo: number };
export type GenerationDoc = {
  _id: string;
  make: string;
  model: string;
  yearFrom: number;
  yearTo: number;
  engines: Engine[];
  makeId?: number;
  modelId?: number;
};

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');
/** A generation entered by hand or seeded (`toyota-corolla-2014`). */
export const generationId = (make: string, model: string, yearFrom: number) => `${slug(make)}-${slug(model)}-${yearFrom}`;
/** A generation built from VCdb records: its own ids, so it never replaces one entered by hand. */
const vcdbGenerationId = (makeId: number, modelId: number, yearFrom: number) => `vcdb-${makeId}-${modelId}-${yearFrom}`;

/** Sorted years as runs of consecutive years: [2014, 2015, 2017] is [2014, 2015] and [2017, 2017]. */
function runsOf(years: number[]): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  for (const year of [...new Set(years)].sort((a, b) => a - b)) {
    const last = runs.at(-1);
    if (last && last[1] === year - 1) last[1] = year;
    else runs.push([year, year]);
  }
  return runs;
}

/** A model's generations: each run of consecutive years is one, with each engine over the runs of years it was offered. */
export function generationsOf(vehicle: { make: string; model: string; makeId: number; modelId: number; years: Map<number, Set<string>> }) {
  const { make, model, makeId, modelId, years } = vehicle;
  return runsOf([...years.keys()]).map(([yearFrom, yearTo]): GenerationDoc => {
    const engineYears = new Map<string, number[]>();
    for (let year = yearFrom; year <= yearTo; year++)
      for (const name of years.get(year) ?? []) engineYears.set(name, [...(engineYears.get(name) ?? []), year]);
    const engines = [...engineYears]
      .flatMap(([name, offered]) => runsOf(offered).map(([from, to]) => ({ name, yearFrom: from, yearTo: to })))
      .sort((a, b) => a.name.localeCompare(b.name, 'en') || a.yearFrom - b.yearFrom);
    return { _id: vcdbGenerationId(makeId, modelId, yearFrom), make, model, yearFrom, yearTo, engines, makeId, modelId };
  });
}

/** What an import changed, as far as the selector's generations depend on it. */
export class VcdbTouched {
  readonly pairs = new Set<string>();
  readonly baseVehicleIds = new Set<number>();
  readonly makeIds = new Set<number>();
  readonly modelIds = new Set<number>();
  readonly engineBaseIds = new Set<number>();

  /** A record added (no `before`) or changed. */
  note(before: VcdbRecordInput | null, after: VcdbRecordInput): void {
    for (const record of [before, after]) {
      if (record?.table === 'BaseVehicle') this.pairs.add(`${record.makeId}:${record.modelId}`);
      if (record?.table === 'Vehicle') this.baseVehicleIds.add(record.baseVehicleId!);
    }
    if (!before) return;
    if (after.table === 'Make') this.makeIds.add(after.vcdbId);
    if (after.table === 'Model') this.modelIds.add(after.vcdbId);
    if (after.table === 'EngineBase') this.engineBaseIds.add(after.vcdbId);
  }

  /** An apply resumed after a crash cannot tell what the earlier run changed: every model and make of the extract. */
  noteExtract(extract: VcdbExtract): void {
    for (const base of extract.baseVehicles.values()) this.pairs.add(`${base.makeId}:${base.modelId}`);
    for (const makeId of extract.makes.keys()) this.makeIds.add(makeId);
  }
}

type Pair = { makeId: number; modelId: number };

async function pairsOf(touched: VcdbTouched): Promise<Pair[]> {
  const pairs = new Set(touched.pairs);
  const engined = touched.engineBaseIds.size
    ? await VcdbRecord.find({ table: 'Vehicle', engineBaseIds: { $in: [...touched.engineBaseIds] } }, { baseVehicleId: 1 }).lean()
    : [];
  const baseIds = [...touched.baseVehicleIds, ...engined.map((vehicle) => vehicle.baseVehicleId!)];
  const bases = await readRecords([...new Set(baseIds)].map((id) => `BaseVehicle:${id}`));
  const renamed = [
    ...(touched.makeIds.size ? [{ makeId: { $in: [...touched.makeIds] } }] : []),
    ...(touched.modelIds.size ? [{ modelId: { $in: [...touched.modelIds] } }] : []),
  ];
  if (renamed.length)
    bases.push(...(await VcdbRecord.find({ table: 'BaseVehicle', $or: renamed }, { makeId: 1, modelId: 1 }).lean<VcdbRecordInput[]>()));
  for (const base of bases) pairs.add(`${base.makeId}:${base.modelId}`);
  return [...pairs].map((pair) => {
    const [makeId, modelId] = pair.split(':').map(Number);
    return { makeId: makeId!, modelId: modelId! };
  });
}

type Years = Map<number, Set<string>>;
const pairKey = ({ makeId, modelId }: Pair) => `${makeId}:${modelId}`;

/**
 * The years each model's base vehicles have, each with the labels of its vehicles' engines: one pass over the base vehicles
 * and one over the vehicles, since FerretDB v1 reads the whole collection for any query but one by `_id`.
 */
async function yearsOf(pairs: Pair[]): Promise<Map<string, Years>> {
  const byPair = new Map(pairs.map((pair) => [pairKey(pair), new Map() as Years]));
  const baseOf = new Map<number, { years: Years; year: number }>();
  const bases = VcdbRecord.find({ table: 'BaseVehicle' }, { vcdbId: 1, year: 1, makeId: 1, modelId: 1 }).lean<VcdbRecordInput[]>();
  for await (const base of bases.cursor()) {
    const years = byPair.get(pairKey({ makeId: base.makeId!, modelId: base.modelId! }));
    if (!years) continue;
    if (!years.has(base.year!)) years.set(base.year!, new Set());
    baseOf.set(base.vcdbId, { years, year: base.year! });
  }
  const engined: Array<{ engines: Set<string>; ids: number[] }> = [];
  const vehicles = VcdbRecord.find({ table: 'Vehicle' }, { baseVehicleId: 1, engineBaseIds: 1 }).lean<VcdbRecordInput[]>();
  for await (const vehicle of vehicles.cursor()) {
    const base = baseOf.get(vehicle.baseVehicleId!);
    if (base && vehicle.engineBaseIds?.length) engined.push({ engines: base.years.get(base.year)!, ids: vehicle.engineBaseIds });
  }
  const engineIds = [...new Set(engined.flatMap((vehicle) => vehicle.ids))];
  const labels = new Map((await readRecords(engineIds.map((id) => `EngineBase:${id}`))).map((e) => [e.vcdbId, e.name!]));
  for (const { engines, ids } of engined) for (const id of ids) if (labels.has(id)) engines.add(labels.get(id)!);
  return byPair;
}

const sameGeneration = (a: GenerationDoc, b: GenerationDoc) =>
  JSON.stringify([a.make, a.model, a.yearFrom, a.yearTo, a.engines, a.makeId, a.modelId]) ===
  JSON.stringify([
    b.make,
    b.model,
    b.yearFrom,
    b.yearTo,
    b.engines.map(({ name, yearFrom, yearTo }) => ({ name, yearFrom, yearTo })),
    b.makeId,
    b.modelId,
  ]);

/** A model's generations as the records have it, and the ones an earlier import built that they replace. */
async function plan(pairs: Pair[]): Promise<{ write: GenerationDoc[]; remove: string[] }> {
  const [years, names, stored] = await Promise.all([
    yearsOf(pairs),
    readRecords(pairs.flatMap(({ makeId, modelId }) => [`Make:${makeId}`, `Model:${modelId}`])),
    Vehicle.find().lean<GenerationDoc[]>(),
  ]);
  const nameOf = new Map(names.map((record) => [record._id, record.name]));
  const write: GenerationDoc[] = [];
  const remove: string[] = [];
  for (const pair of pairs) {
    const make = nameOf.get(`Make:${pair.makeId}`);
    const model = nameOf.get(`Model:${pair.modelId}`);
    const next = make && model ? generationsOf({ make, model, ...pair, years: years.get(pairKey(pair))! }) : [];
    // Only what an import built: a generation entered by hand stays beside them (the selector merges a model's generations).
    const existing = stored.filter((doc) => doc.makeId === pair.makeId && doc.modelId === pair.modelId);
    write.push(...next.filter((generation) => !existing.some((doc) => doc._id === generation._id && sameGeneration(generation, doc))));
    remove.push(...existing.filter((doc) => !next.some((generation) => generation._id === doc._id)).map((doc) => doc._id));
  }
  return { write, remove };
}

/** Rebuilds the generations of what an import touched; answers how many it wrote or removed. Other instances reload within their minute. */
export async function rebuildGenerations(touched: VcdbTouched): Promise<number> {
  await connectDb();
  const pairs = await pairsOf(touched);
  if (!pairs.length) return 0;
  const { write, remove } = await plan(pairs);
  // The new generations are written before the old ones go, so a reader in between never finds the model missing.
  if (write.length)
    await bulkWriteInCommands(
      Vehicle,
      write.map((doc) => ({ replaceOne: { filter: { _id: doc._id }, replacement: doc as unknown as VehicleDoc, upsert: true } })),
    );
  if (remove.length) await Vehicle.deleteMany({ _id: { $in: remove } });
  forgetReferenceData();
  return write.length + remove.length;
}

/** Writes a batch of changed records; a make or model renamed is renamed in the base vehicles that carry its name. */
export async function applyRecordChanges(changes: VcdbChange[], touched: VcdbTouched): Promise<void> {
  await connectDb();
  await writeRecords(changes.map((change) => change.after));
  for (const { before, after } of changes) {
    touched.note(before, after);
    if (!before || before.name === after.name) continue;
    if (after.table === 'Make') await VcdbRecord.updateMany({ table: 'BaseVehicle', makeId: after.vcdbId }, { $set: { make: after.name } });
    if (after.table === 'Model')
      await VcdbRecord.updateMany({ table: 'BaseVehicle', modelId: after.vcdbId }, { $set: { model: after.name } });
  }
}
