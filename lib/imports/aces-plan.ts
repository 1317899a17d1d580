import 'server-only';
import { normalizePartNumber, readFitments, type PartNumberMap } from '@/lib/catalog';
import type { AcesApp } from './formats/aces';
import type { ImportCounts, Rejection } from './handler';
import { appKey, rowKey, rowOf, sameFit, sameRow, type FitmentRowDoc, type PositionNames } from './aces-rows';
import type { StoredAppRows } from './aces-stored';
import type { VehicleCache } from './aces-vehicles';

/** What one App does to one part's rows: its row put (new or changed), its old row dropped, or a delete by fit. */
export type Step =
  | { kind: 'put'; partId: string; key: string; row: FitmentRowDoc }
  | { kind: 'drop'; partId: string; key: string }
  | { kind: 'fallback'; partId: string; row: FitmentRowDoc };

export type PlanContext = {
  importId: string;
  numbers: PartNumberMap;
  stored: StoredAppRows;
  vehicles: VehicleCache;
  /** Read once a phase, as PIES reads its tables: a later change names the rows of imports run after it. */
  positions: PositionNames;
};

type Counted = Pick<ImportCounts, 'add' | 'change' | 'remove' | 'unchanged'>;

/** A batch's counts, its rejections, and the steps that make it live (none for an App that changes nothing). */
export type BatchPlan = Counted & { rejections: Rejection[]; steps: Step[] };

/** The shop's part for an App: same normalised number and same BrandAAIAID (the shop has no brand table to match names through yet). */
const partFor = (app: AcesApp, context: PlanContext) => context.numbers.find(normalizePartNumber(app.part), app.brandAAIAID);

function planAdd(app: AcesApp, plan: BatchPlan, context: PlanContext): void {
  const row = rowOf(app, context.vehicles.lookups, context.importId, context.positions);
  if (typeof row === 'string') return void plan.rejections.push({ record: `App ${app.id}`, reason: row });
  const part = partFor(app, context);
  if (!part) {
    const reason = `Part ${app.part} of brand ${app.brandAAIAID ?? '(none)'} is in neither the brand's catalog nor the shop`;
    return void plan.rejections.push({ record: `App ${app.id}`, reason });
  }
  const partId = part;
  const key = appKey(app.brandAAIAID, app.id);
  const before = context.stored.sent(key);
  if (before?.partId === partId && before.same(row)) return void plan.unchanged++;
  plan[before ? 'change' : 'add']++;
  plan.steps.push({ kind: 'put', partId, key, row });
  if (before && before.partId !== partId) plan.steps.push({ kind: 'drop', partId: before.partId, key });
}

function planDelete(app: AcesApp, plan: BatchPlan, context: PlanContext, rowsOf: Map<string, FitmentRowDoc[]>): void {
  const key = appKey(app.brandAAIAID, app.id);
  const before = context.stored.sent(key);
  if (before) {
    plan.remove++;
    return void plan.steps.push({ kind: 'drop', partId: before.partId, key });
  }
  const part = partFor(app, context);
  const row = rowOf(app, context.vehicles.lookups, context.importId, context.positions);
  const gone = part && typeof row !== 'string' ? (rowsOf.get(part) ?? []).filter((old) => isFallbackMatch(old, row)).length : 0;
  if (!gone) return void plan.unchanged++;
  plan.remove += gone;
  plan.steps.push({ kind: 'fallback', partId: part!, row: row as FitmentRowDoc });
}

/** An imported row of the delete's brand for the same vehicle, position and qualifiers; rows entered by hand never match. */
const isFallbackMatch = (row: FitmentRowDoc, deleted: FitmentRowDoc) =>
  Boolean(row.source) && (row.source!.brandAAIAID ?? undefined) === (deleted.source?.brandAAIAID ?? undefined) && sameFit(row, deleted);

/** The stored rows of the parts that deletes without a known App id name: the only parts planning reads. */
async function fallbackRows(apps: readonly AcesApp[], context: PlanContext): Promise<Map<string, FitmentRowDoc[]>> {
  const partIds = new Set<string>();
  for (const app of apps) {
    if (app.action !== 'D' || context.stored.sent(appKey(app.brandAAIAID, app.id))) continue;
    const part = partFor(app, context);
    if (part && context.stored.holds(part)) partIds.add(part);
  }
  const stored = await readFitments(partIds);
  return new Map([...stored].map(([partId, fitment]) => [partId, fitment.rows]));
}

/** Works out what a batch of valid Apps does, against the rows stored when the phase started; writes nothing. */
export async function planBatch(apps: readonly AcesApp[], context: PlanContext): Promise<BatchPlan> {
  const plan: BatchPlan = { add: 0, change: 0, remove: 0, unchanged: 0, rejections: [], steps: [] };
  if (!apps.length) return plan;
  const [rowsOf] = await Promise.all([fallbackRows(apps, context), context.vehicles.learn(apps)]);
  for (const app of apps) {
    if (app.action === 'A') planAdd(app, plan, context);
    else planDelete(app, plan, context, rowsOf);
  }
  return plan;
}

/** One part's steps from the whole file. */
export type PartSteps = { puts: Map<string, FitmentRowDoc>; drops: Set<string>; fallback: FitmentRowDoc[] };

export const noSteps = (): PartSteps => ({ puts: new Map(), drops: new Set(), fallback: [] });

export function addStep(steps: PartSteps, step: Step): void {
  if (step.kind === 'put') steps.puts.set(step.key, step.row);
  else if (step.kind === 'drop') steps.drops.add(step.key);
  else steps.fallback.push(step.row);
}

/** A part's rows after its steps, in their order (a changed row keeps its place), or null when nothing changes. */
export function nextRows(rows: readonly FitmentRowDoc[], steps: PartSteps): FitmentRowDoc[] | null {
  const next: FitmentRowDoc[] = [];
  const placed = new Set<string>();
  let dirty = false;
  for (const row of rows) {
    const key = rowKey(row);
    const put = key ? steps.puts.get(key) : undefined;
    if (put) {
      const keep = sameRow(row, put);
      next.push(keep ? row : put);
      placed.add(key!);
      dirty ||= !keep;
    } else if ((key && steps.drops.has(key)) || steps.fallback.some((gone) => isFallbackMatch(row, gone))) dirty = true;
    else next.push(row);
  }
  for (const [key, row] of steps.puts) {
    if (placed.has(key)) continue;
    next.push(row);
    dirty = true;
  }
  return dirty ? next : null;
}
