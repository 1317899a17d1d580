import { bulkWriteInCommands, readByIds } from '@/lib/platform/by-id';
import 'server-only';
import { connectDb } from '@/lib/platform/db';
import { isVehicleYear, vehicleYearMessage } from '@/lib/validations/vehicles';
import { VcdbRecord } from '@/models';
import type { VcdbRecordDoc } from '@/models/vcdb-record';

/** What a VCdb extract's rows become in the shop's vehicle list (issue 46): the records kept, and the rules a row must meet. */

/** A row of one VCdb table as the reader gives it (lib/imports/formats/vcdb.ts), by the keys this module reads. */
export type VcdbSourceRow =
  | { table: 'Make'; row: { makeId: number; makeName: string } }
  | { table: 'Model'; row: { modelId: number; modelName: string } }
  | { table: 'BaseVehicle'; row: { baseVehicleId: number; yearId: number; makeId: number; modelId: number } }
  | { table: 'SubModel'; row: { subModelId: number; subModelName: string } }
  | { table: 'EngineBase'; row: { engineBaseId: number; liter: string; cylinders: string; blockType: string } }
  | { table: 'Vehicle'; row: { vehicleId: number; baseVehicleId: number; subModelId: number } }
  | { table: 'EngineConfig'; row: { engineConfigId: number; engineBaseId: number } }
  | { table: 'VehicleToEngineConfig'; row: { vehicleId: number; engineConfigId: number } };
export type VcdbSourceTable = VcdbSourceRow['table'];
export type VcdbLine = VcdbSourceRow & { line: number };

/** A record as stored (`_id` `${table}:${id}`); EngineConfig and VehicleToEngineConfig only lead a Vehicle to its engines. */
export type VcdbRecordInput = Omit<VcdbRecordDoc, 'engineBaseIds'> & { _id: string; engineBaseIds?: number[] };

const NAME_MAX = 40;
const LITER = /^\d{1,2}(\.\d{1,2})?$/;
const CYLINDERS = /^\d{1,2}$/;
const BLOCK_TYPE = /^[A-Za-z]{1,2}$/;

/** The id a row is known by: its table's own id column (VehicleToEngineConfig rows have none the reader keeps). */
function idOf(source: VcdbSourceRow): number | null {
  switch (source.table) {
    case 'Make':
      return source.row.makeId;
    case 'Model':
      return source.row.modelId;
    case 'BaseVehicle':
      return source.row.baseVehicleId;
    case 'SubModel':
      return source.row.subModelId;
    case 'EngineBase':
      return source.row.engineBaseId;
    case 'Vehicle':
      return source.row.vehicleId;
    case 'EngineConfig':
      return source.row.engineConfigId;
    default:
      return null;
  }
}

/** "1.8L I4": the litres (at least one decimal), then the block type and the cylinders; VCdb's inline block (L) reads I, as
 * the shop's list and US catalogs write it. */
export function engineLabel(engine: { liter: string; cylinders: string; blockType: string }): string {
  const liter = String(Number(engine.liter));
  const block = engine.blockType.toUpperCase() === 'L' ? 'I' : engine.blockType.toUpperCase();
  return `${liter.includes('.') ? liter : `${liter}.0`}L ${block}${Number(engine.cylinders)}`;
}

const nameProblem = (column: string, value: string) =>
  !value ? `${column} is empty` : value.length > NAME_MAX ? `${column} is longer than ${NAME_MAX} characters` : null;

/** What is wrong with a row on its own, whatever the other tables hold. */
function ownProblem(source: VcdbSourceRow): string | null {
  switch (source.table) {
    case 'Make':
      return nameProblem('MakeName', source.row.makeName);
    case 'Model':
      return nameProblem('ModelName', source.row.modelName);
    case 'SubModel':
      return nameProblem('SubModelName', source.row.subModelName);
    case 'BaseVehicle':
      return isVehicleYear(source.row.yearId) ? null : `${vehicleYearMessage('YearID')}, not ${source.row.yearId}`;
    case 'EngineBase': {
      const { liter, cylinders, blockType } = source.row;
      if (!LITER.test(liter)) return `Liter must be a number of litres like 1.8, not "${liter}"`;
      if (!CYLINDERS.test(cylinders)) return `Cylinders must be a whole number, not "${cylinders}"`;
      return BLOCK_TYPE.test(blockType) ? null : `BlockType must be one or two letters (L, V, H), not "${blockType}"`;
    }
    default:
      return null;
  }
}

type BaseVehicle = { year: number; makeId: number; modelId: number };
type Refs = { makeId: number; modelId: number };
const unknown = (column: string, id: number, table: string) =>
  `${column} ${id} is not in the ${table} table nor in the shop's vehicle list`;

/**
 * The tables of one extract as far as the rows refer to one another, read in a first pass (the zip may send BaseVehicle
 * before Make, Vehicle before VehicleToEngineConfig), completed with the stored records the rows name, then pruned of
 * what cannot be kept, so that the second pass judges each row alone.
 */
export class VcdbExtract {
  private readonly firstLine = new Map<VcdbSourceTable, Map<number, number>>();
  readonly makes = new Map<number, string>();
  readonly models = new Map<number, string>();
  readonly subModels = new Set<number>();
  readonly engineBases = new Set<number>();
  readonly baseVehicles = new Map<number, BaseVehicle>();
  /** The Vehicle rows of this extract with their base vehicle and submodel; a stored Vehicle is not re-engined from here. */
  readonly vehicles = new Map<number, { baseVehicleId: number; subModelId: number }>();
  readonly engineConfigs = new Map<number, number>();
  private readonly vehicleConfigs = new Map<number, Set<number>>();
  /** The base vehicles read from the shop's records: sound already, whatever this extract holds. */
  private readonly storedBases = new Set<number>();
  private readonly tables = new Set<VcdbSourceTable>();

  /** First pass: a row that is sound on its own, the first with its id. */
  learn(source: VcdbLine): void {
    this.tables.add(source.table);
    const id = idOf(source);
    if (id !== null) {
      const lines = this.firstLine.get(source.table) ?? new Map<number, number>();
      this.firstLine.set(source.table, lines);
      if (lines.has(id)) return;
      lines.set(id, source.line);
    }
    if (ownProblem(source)) return;
    this.keep(source);
  }

  private keep(source: VcdbSourceRow): void {
    if (source.table === 'Make') this.makes.set(source.row.makeId, source.row.makeName);
    else if (source.table === 'Model') this.models.set(source.row.modelId, source.row.modelName);
    else if (source.table === 'SubModel') this.subModels.add(source.row.subModelId);
    else if (source.table === 'EngineBase') this.engineBases.add(source.row.engineBaseId);
    else if (source.table === 'BaseVehicle') {
      const { baseVehicleId, yearId, makeId, modelId } = source.row;
      this.baseVehicles.set(baseVehicleId, { year: yearId, makeId, modelId });
    } else if (source.table === 'Vehicle') this.vehicles.set(source.row.vehicleId, source.row);
    else if (source.table === 'EngineConfig') this.engineConfigs.set(source.row.engineConfigId, source.row.engineBaseId);
    else {
      const configs = this.vehicleConfigs.get(source.row.vehicleId) ?? new Set<number>();
      this.vehicleConfigs.set(source.row.vehicleId, configs.add(source.row.engineConfigId));
    }
  }

  /** Between the passes: the stored records the rows name, then only what holds together. */
  async settle(): Promise<void> {
    const bases = [...this.baseVehicles.values()];
    const vehicles = [...this.vehicles.values()];
    const stored = await readRecords([
      ...missing(
        'Make',
        this.makes,
        bases.map((b) => b.makeId),
      ),
      ...missing(
        'Model',
        this.models,
        bases.map((b) => b.modelId),
      ),
      ...missing(
        'BaseVehicle',
        this.baseVehicles,
        vehicles.map((v) => v.baseVehicleId),
      ),
      ...missing(
        'SubModel',
        this.subModels,
        vehicles.map((v) => v.subModelId),
      ),
      ...missing('EngineBase', this.engineBases, [...this.engineConfigs.values()]),
    ]);
    for (const record of stored) this.keepStored(record);
    for (const [id, base] of this.baseVehicles) if (!this.storedBases.has(id) && this.baseProblem(base)) this.baseVehicles.delete(id);
    for (const [id, vehicle] of this.vehicles) if (this.vehicleProblem(vehicle)) this.vehicles.delete(id);
    for (const [id, engineBaseId] of this.engineConfigs) if (!this.engineBases.has(engineBaseId)) this.engineConfigs.delete(id);
  }

  private keepStored(record: VcdbRecordInput): void {
    const id = record.vcdbId;
    if (record.table === 'Make') this.makes.set(id, record.name ?? '');
    else if (record.table === 'Model') this.models.set(id, record.name ?? '');
    else if (record.table === 'SubModel') this.subModels.add(id);
    else if (record.table === 'EngineBase') this.engineBases.add(id);
    else if (record.table === 'BaseVehicle') {
      this.baseVehicles.set(id, { year: record.year!, makeId: record.makeId!, modelId: record.modelId! });
      this.storedBases.add(id);
    }
  }

  private baseProblem({ makeId, modelId }: Refs): string | null {
    if (!this.makes.has(makeId)) return unknown('MakeID', makeId, 'Make');
    return this.models.has(modelId) ? null : unknown('ModelID', modelId, 'Model');
  }

  private vehicleProblem({ baseVehicleId, subModelId }: { baseVehicleId: number; subModelId: number }): string | null {
    if (!this.baseVehicles.has(baseVehicleId)) return unknown('BaseVehicleID', baseVehicleId, 'BaseVehicle');
    return this.subModels.has(subModelId) ? null : unknown('SubmodelID', subModelId, 'SubModel');
  }

  /** Second pass: why a row is refused, or null. */
  problemOf(source: VcdbLine): string | null {
    const id = idOf(source);
    const first = id === null ? undefined : this.firstLine.get(source.table)?.get(id);
    if (first !== undefined && first !== source.line) return `${source.table} ${id} is already on line ${first}`;
    const own = ownProblem(source);
    if (own) return own;
    switch (source.table) {
      case 'BaseVehicle':
        return this.baseProblem(source.row);
      case 'Vehicle':
        return this.vehicleProblem(source.row);
      case 'EngineConfig':
        return this.engineBases.has(source.row.engineBaseId) ? null : unknown('EngineBaseID', source.row.engineBaseId, 'EngineBase');
      case 'VehicleToEngineConfig': {
        const { vehicleId, engineConfigId } = source.row;
        if (!this.vehicles.has(vehicleId)) return `VehicleID ${vehicleId} is not in this extract's Vehicle table`;
        return this.engineConfigs.has(engineConfigId)
          ? null
          : `EngineConfigID ${engineConfigId} is not in this extract's EngineConfig table`;
      }
      default:
        return null;
    }
  }

  /** The record a sound row becomes; null for the tables that only lead a Vehicle to its engines. */
  recordOf(source: VcdbSourceRow): VcdbRecordInput | null {
    const id = idOf(source)!;
    const base = { _id: `${source.table}:${id}`, vcdbId: id };
    switch (source.table) {
      case 'Make':
        return { ...base, table: 'Make', name: source.row.makeName };
      case 'Model':
        return { ...base, table: 'Model', name: source.row.modelName };
      case 'SubModel':
        return { ...base, table: 'SubModel', name: source.row.subModelName };
      case 'EngineBase': {
        const { liter, cylinders, blockType } = source.row;
        return { ...base, table: 'EngineBase', name: engineLabel(source.row), liter, cylinders, blockType };
      }
      case 'BaseVehicle': {
        const { yearId: year, makeId, modelId } = source.row;
        return { ...base, table: 'BaseVehicle', year, makeId, modelId, make: this.makes.get(makeId), model: this.models.get(modelId) };
      }
      case 'Vehicle': {
        const { baseVehicleId, subModelId } = source.row;
        // Without the VehicleToEngineConfig table the extract says nothing of engines: the stored ones stay (compareRecords).
        const engineBaseIds = this.tables.has('VehicleToEngineConfig') ? this.enginesOf(source.row.vehicleId) : undefined;
        return { ...base, table: 'Vehicle', baseVehicleId, subModelId, engineBaseIds };
      }
      default:
        return null;
    }
  }

  private enginesOf(vehicleId: number): number[] {
    const ids = [...(this.vehicleConfigs.get(vehicleId) ?? [])].map((config) => this.engineConfigs.get(config));
    return [...new Set(ids.filter((id): id is number => id !== undefined))].sort((a, b) => a - b);
  }
}

function missing(table: VcdbSourceTable, known: { has(id: number): boolean }, ids: number[]): string[] {
  return [...new Set(ids.filter((id) => !known.has(id)))].map((id) => `${table}:${id}`);
}

/** Records by `_id`, one query each, a few at a time (lib/platform/by-id.ts says why). */
export async function readRecords(ids: string[], projection?: Record<string, 1>): Promise<VcdbRecordInput[]> {
  if (!ids.length) return [];
  await connectDb();
  return readByIds<VcdbRecordInput>(VcdbRecord, ids, projection);
}

const COMPARED = ['table', 'vcdbId', 'name', 'year', 'makeId', 'modelId', 'make', 'model', 'liter', 'cylinders', 'blockType'] as const;

/** Whether a stored record already says what the file says. */
export function sameRecord(stored: VcdbRecordInput, next: VcdbRecordInput): boolean {
  if (COMPARED.some((field) => (stored[field] ?? null) !== (next[field] ?? null))) return false;
  const ids = (record: VcdbRecordInput) => (record.table === 'Vehicle' ? JSON.stringify(record.engineBaseIds ?? []) : '');
  return (
    (stored.baseVehicleId ?? null) === (next.baseVehicleId ?? null) &&
    (stored.subModelId ?? null) === (next.subModelId ?? null) &&
    ids(stored) === ids(next)
  );
}

export type VcdbChange = { before: VcdbRecordInput | null; after: VcdbRecordInput };

/** A batch of records against what is stored: the ones that would be added or changed, and how many are unchanged. */
export async function compareRecords(records: VcdbRecordInput[]): Promise<{ changes: VcdbChange[]; unchanged: number }> {
  const stored = new Map((await readRecords(records.map((record) => record._id))).map((record) => [record._id, record]));
  const changes = records.flatMap((after) => {
    const before = stored.get(after._id) ?? null;
    if (after.table === 'Vehicle' && !after.engineBaseIds) after.engineBaseIds = before?.engineBaseIds ?? [];
    return before && sameRecord(before, after) ? [] : [{ before, after }];
  });
  return { changes, unchanged: records.length - changes.length };
}

/** Writes records (each replaced whole by `_id`, so a batch written again changes nothing). */
export async function writeRecords(records: VcdbRecordInput[]): Promise<void> {
  if (!records.length) return;
  await connectDb();
  await bulkWriteInCommands(
    VcdbRecord,
    records.map((record) => ({ replaceOne: { filter: { _id: record._id }, replacement: record, upsert: true } })),
  );
}

export type VcdbLookup = {
  baseVehicles: Map<number, { year: number; make: string; model: string }>;
  subModels: Map<number, { name: string }>;
  engineBases: Map<number, { name: string }>;
};

/** The base vehicles, submodels and engines the shop keeps, by VCdb id (for an ACES file's Apps); ids not kept are absent. */
export async function lookupVcdb(ids: {
  baseVehicleIds?: Iterable<number>;
  subModelIds?: Iterable<number>;
  engineBaseIds?: Iterable<number>;
}): Promise<VcdbLookup> {
  const keys = (table: string, list: Iterable<number> = []) => [...new Set(list)].map((id) => `${table}:${id}`);
  const records = await readRecords(
    [...keys('BaseVehicle', ids.baseVehicleIds), ...keys('SubModel', ids.subModelIds), ...keys('EngineBase', ids.engineBaseIds)],
    { table: 1, vcdbId: 1, year: 1, make: 1, model: 1, name: 1 },
  );
  const lookup: VcdbLookup = { baseVehicles: new Map(), subModels: new Map(), engineBases: new Map() };
  for (const record of records) {
    if (record.table === 'BaseVehicle')
      lookup.baseVehicles.set(record.vcdbId, { year: record.year!, make: record.make!, model: record.model! });
    else if (record.table === 'SubModel') lookup.subModels.set(record.vcdbId, { name: record.name! });
    else if (record.table === 'EngineBase') lookup.engineBases.set(record.vcdbId, { name: record.name! });
  }
  return lookup;
}
