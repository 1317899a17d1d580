import 'server-only';
import { VcdbRecord } from '@/models';

export { lookupVcdb, type VcdbLookup } from '@/lib/vehicles';

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
