import 'server-only';
import { lookupVcdb, type VcdbLookup } from '@/lib/vehicles';
import { VcdbRecord } from '@/models';
import type { AcesApp } from './formats/aces';

export type { VcdbLookup };

const idsOf = (table: string, ids: number[]) => [...new Set(ids)].map((id) => `${table}:${id}`);

/** A make and model by VCdb ids, with the years it has a BaseVehicle in. */
export type MakeModel = { make: string; model: string; years: Set<number> };
export const makeModelKey = (makeId: number, modelId: number) => `${makeId}:${modelId}`;

/** The makes and models that Apps naming Years + Make + Model refer to, keyed by makeModelKey; unknown pairs are absent. */
export async function lookupMakeModels(pairs: { makeId: number; modelId: number }[]): Promise<Map<string, MakeModel>> {
  const found = new Map<string, MakeModel>();
  if (!pairs.length) return found;
  const makeIds = [...new Set(pairs.map((pair) => pair.makeId))];
  const modelIds = [...new Set(pairs.map((pair) => pair.modelId))];
  const [names, baseVehicles] = await Promise.all([
    VcdbRecord.find({ _id: { $in: [...idsOf('Make', makeIds), ...idsOf('Model', modelIds)] } }, { name: 1 }).lean(),
    VcdbRecord.find(
      { table: 'BaseVehicle', makeId: { $in: makeIds }, modelId: { $in: modelIds } },
      { year: 1, makeId: 1, modelId: 1 },
    ).lean(),
  ]);
  const nameOf = new Map(names.map((record) => [record._id, record.name]));
  for (const { makeId, modelId } of pairs) {
    const make = nameOf.get(`Make:${makeId}`);
    const model = nameOf.get(`Model:${modelId}`);
    if (make && model) found.set(makeModelKey(makeId, modelId), { make, model, years: new Set() });
  }
  for (const record of baseVehicles) {
    if (record.makeId && record.modelId && record.year) found.get(makeModelKey(record.makeId, record.modelId))?.years.add(record.year);
  }
  return found;
}

/**
 * What a phase has looked up of the VCdb, unknown ids too: each id and make + model pair is read once a phase, so a
 * file's batches read only the vehicles not seen in an earlier batch (20,000 base vehicles, not 2,000,000 lookups).
 */
export class VehicleCache {
  readonly lookups: { vcdb: VcdbLookup; makeModels: Map<string, MakeModel> } = {
    vcdb: { baseVehicles: new Map(), subModels: new Map(), engineBases: new Map() },
    makeModels: new Map(),
  };
  private readonly asked = new Set<string>();

  /** Looks up what these Apps name that no earlier call asked for. */
  async learn(apps: readonly AcesApp[]): Promise<void> {
    const fresh = (key: string) => !this.asked.has(key) && Boolean(this.asked.add(key));
    const ids = { baseVehicleIds: [] as number[], subModelIds: [] as number[], engineBaseIds: [] as number[] };
    const pairs: { makeId: number; modelId: number }[] = [];
    for (const app of apps) {
      const vehicle = app.vehicle;
      if ('baseVehicleId' in vehicle) {
        if (fresh(`bv${vehicle.baseVehicleId}`)) ids.baseVehicleIds.push(vehicle.baseVehicleId);
      } else if (fresh(`mm${makeModelKey(vehicle.makeId, vehicle.modelId)}`)) pairs.push(vehicle);
      if (app.subModelId && fresh(`sm${app.subModelId}`)) ids.subModelIds.push(app.subModelId);
      if (app.engineBaseId && fresh(`eb${app.engineBaseId}`)) ids.engineBaseIds.push(app.engineBaseId);
    }
    const [vcdb, makeModels] = await Promise.all([lookupVcdb(ids), lookupMakeModels(pairs)]);
    for (const table of ['baseVehicles', 'subModels', 'engineBases'] as const)
      for (const [id, found] of vcdb[table]) (this.lookups.vcdb[table] as Map<number, unknown>).set(id, found);
    for (const [key, found] of makeModels) this.lookups.makeModels.set(key, found);
  }
}
