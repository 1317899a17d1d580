import 'server-only';
import type { Types } from 'mongoose';
import { normalizePartNumber, readFitments, type PartNumberMap } from '@/lib/catalog';
import type { AcesApp } from './formats/aces';
import type { Rejection } from './handler';
import { appKey, lookupVehicles, rowKey, rowOf, sameFit, sameRow, type FitmentRowDoc, type VehicleLookups } from './aces-rows';

export type FitPart = {
  _id: Types.ObjectId;
  brandAAIAID?: string | null;
  partNumberKey?: string | null;
  fitment: FitmentRowDoc[];
  /** The write its rows came from (lib/catalog fitment-store): the import writes them only if still there. */
  rev: number;
};

/** What one batch of Apps does to the shop: its counts, and for each part it touches the rows it gets and loses. */
export type BatchPlan = {
  add: number;
  change: number;
  remove: number;
  unchanged: number;
  /** Rows of the file's brand already in the shop that this batch sends again (kept, changed or deleted). */
  matched: number;
  rejections: Rejection[];
  parts: Map<string, FitPart>;
  rowsFor: Map<string, Map<string, FitmentRowDoc>>;
  /** Every brand + App id the batch sends: its old row goes wherever it is. */
  drops: Set<string>;
  /** Deletes that name no known App id: the part's rows of that brand with the same vehicle, position and qualifiers go. */
  fallback: Map<string, FitmentRowDoc[]>;
  /** Parts whose rows the shop shows differently afterwards. */
  changed: Set<string>;
};

export type PlanContext = { importId: string; full: boolean; brandAAIAID?: string; numbers: PartNumberMap };

type Loaded = { byNumber: Map<string, FitPart>; existing: Map<string, { partId: string; row: FitmentRowDoc }>; lookups: VehicleLookups };

type NamedPart = Pick<FitPart, '_id' | 'brandAAIAID' | 'partNumberKey'>;

/** The parts a batch names with their rows: read by id, as everything an import reads (lib/platform/by-id.ts). */
export async function readFitParts(numbers: PartNumberMap, keys: Iterable<string>): Promise<FitPart[]> {
  const named = [...(await numbers.partsWith<NamedPart>(keys, { brandAAIAID: 1 })).values()];
  const fitments = await readFitments(named.map((part) => part._id));
  return named.map((part) => {
    const { rows, rev } = fitments.get(String(part._id))!;
    return { ...part, fitment: rows, rev };
  });
}

/**
 * The parts the batch names and its vehicles. An App's old row is looked for on the part it names (every App, D too,
 * names its Part): FerretDB v1 scans the whole collection for a query on an array's field.
 */
async function load(apps: readonly AcesApp[], plan: BatchPlan, context: PlanContext): Promise<Loaded> {
  const numbers = new Set(apps.map((app) => normalizePartNumber(app.part)));
  const keys = new Set(apps.map((app) => appKey(app.brandAAIAID, app.id)));
  const [named, lookups] = await Promise.all([readFitParts(context.numbers, numbers), lookupVehicles(apps)]);
  const existing: Loaded['existing'] = new Map();
  for (const part of named) {
    const partId = String(part._id);
    plan.parts.set(partId, part);
    for (const row of part.fitment) {
      const key = rowKey(row);
      if (key && keys.has(key)) existing.set(key, { partId, row });
    }
  }
  const byNumber = new Map(named.flatMap((part) => (part.partNumberKey ? [[part.partNumberKey, part] as const] : [])));
  return { byNumber, existing, lookups };
}

/** The shop's part for an App: same normalised number and same BrandAAIAID (the shop has no brand table to match names through yet). */
function partFor(app: AcesApp, loaded: Loaded): FitPart | undefined {
  const part = loaded.byNumber.get(normalizePartNumber(app.part));
  return part && (part.brandAAIAID ?? undefined) === app.brandAAIAID ? part : undefined;
}

function planAdd(app: AcesApp, loaded: Loaded, plan: BatchPlan, context: PlanContext): void {
  const row = rowOf(app, loaded.lookups, context.importId);
  if (typeof row === 'string') return void plan.rejections.push({ record: `App ${app.id}`, reason: row });
  const part = partFor(app, loaded);
  if (!part) {
    const reason = `Part ${app.part} of brand ${app.brandAAIAID ?? '(none)'} is in neither the brand's catalog nor the shop`;
    return void plan.rejections.push({ record: `App ${app.id}`, reason });
  }
  const partId = String(part._id);
  const key = appKey(app.brandAAIAID, app.id);
  const before = loaded.existing.get(key);
  plan.drops.add(key);
  if (!plan.rowsFor.has(partId)) plan.rowsFor.set(partId, new Map());
  plan.rowsFor.get(partId)!.set(key, row);
  if (before && app.brandAAIAID === context.brandAAIAID) plan.matched++;
  if (before && before.partId === partId && sameRow(before.row, row)) return void plan.unchanged++;
  plan[before ? 'change' : 'add']++;
  plan.changed.add(partId);
  if (before) plan.changed.add(before.partId);
}

function planDelete(app: AcesApp, loaded: Loaded, plan: BatchPlan, context: PlanContext): void {
  const key = appKey(app.brandAAIAID, app.id);
  const before = loaded.existing.get(key);
  const ofBrand = app.brandAAIAID === context.brandAAIAID ? 1 : 0;
  plan.drops.add(key);
  if (before) {
    plan.remove++;
    plan.matched += ofBrand;
    return void plan.changed.add(before.partId);
  }
  const part = partFor(app, loaded);
  const row = rowOf(app, loaded.lookups, context.importId);
  const gone = part && typeof row !== 'string' ? part.fitment.filter((old) => isFallbackMatch(old, row)).length : 0;
  if (!gone) return void plan.unchanged++;
  const partId = String(part!._id);
  plan.fallback.set(partId, [...(plan.fallback.get(partId) ?? []), row as FitmentRowDoc]);
  plan.remove += gone;
  plan.matched += gone * ofBrand;
  plan.changed.add(partId);
}

/** An imported row of the delete's brand for the same vehicle, position and qualifiers; rows entered by hand never match. */
const isFallbackMatch = (row: FitmentRowDoc, deleted: FitmentRowDoc) =>
  Boolean(row.source) && (row.source!.brandAAIAID ?? undefined) === (deleted.source?.brandAAIAID ?? undefined) && sameFit(row, deleted);

/** Reads what a batch of valid Apps touches and works out what it does; writes nothing. */
export async function planBatch(apps: readonly AcesApp[], context: PlanContext): Promise<BatchPlan> {
  const plan: BatchPlan = {
    ...{ add: 0, change: 0, remove: 0, unchanged: 0, matched: 0, rejections: [] },
    ...{ parts: new Map(), rowsFor: new Map(), drops: new Set(), fallback: new Map(), changed: new Set() },
  };
  if (!apps.length) return plan;
  const loaded = await load(apps, plan, context);
  for (const app of apps) (app.action === 'A' ? planAdd : planDelete)(app, loaded, plan, context);
  return plan;
}

/** A part's rows after the batch, in their order, and whether anything is to be written (a FULL file stamps rows it keeps). */
export function nextFitment(part: FitPart, plan: BatchPlan, context: PlanContext): { rows: FitmentRowDoc[]; dirty: boolean } {
  const partId = String(part._id);
  const mine = plan.rowsFor.get(partId) ?? new Map<string, FitmentRowDoc>();
  const deleted = plan.fallback.get(partId) ?? [];
  const rows: FitmentRowDoc[] = [];
  const placed = new Set<string>();
  let dirty = false;
  for (const row of part.fitment) {
    const key = rowKey(row);
    const next = key ? mine.get(key) : undefined;
    if (next) {
      const keep = sameRow(row, next) && (!context.full || row.source?.importId === context.importId);
      rows.push(keep ? row : next);
      placed.add(key!);
      dirty ||= !keep;
    } else if ((key && plan.drops.has(key)) || deleted.some((gone) => isFallbackMatch(row, gone))) dirty = true;
    else rows.push(row);
  }
  for (const [key, row] of mine) if (!placed.has(key)) rows.push(row);
  return { rows, dirty: dirty || rows.length !== part.fitment.length };
}
