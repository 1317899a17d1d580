import 'server-only';
import { createReadStream } from 'node:fs';
import { catalogChanged, insertFitments, PartNumberMap, partsWithRowsOf, readFitment, rewriteFitment } from '@/lib/catalog';
import { inParallel } from '@/lib/platform/by-id';
import { connectDb } from '@/lib/platform/db';
import { env } from '@/lib/platform/env';
import { readAces, type AcesApp } from './formats/aces';
import type { ApplyRun, ImportHandler, ImportRun } from './handler';
import { StepBuckets } from './aces-buckets';
import { loadMappingTables } from './mappings';
import { nextRows, planBatch, type BatchPlan, type PartSteps, type PlanContext, type Step } from './aces-plan';
import { rowKey, type FitmentRowDoc } from './aces-rows';
import { keepScan, keptScan, scanAces, type AcesScan } from './aces-scan';
import { StoredAppRows } from './aces-stored';
import { VehicleCache } from './aces-vehicles';

/** Apps per batch written (IMPORT_BATCH_APPS): about as many per bucket, a checkpoint after each. */
const acesBatch = () => env().IMPORT_BATCH_APPS;
/**
 * Apps planned together (one lookup of the vehicles not seen yet), at most PLAN_APPS: a batch is held while its vehicles
 * are read, and the longer an App is held, the likelier it outlives V8's young generation to become old-generation garbage.
 */
export const PLAN_APPS = 1000;
const planBatchSize = () => Math.min(acesBatch(), PLAN_APPS);
const CHANGED = 'Parts kept changing while the import wrote their fitment: apply it again';

function count(run: ImportRun, plan: BatchPlan): void {
  for (const rejection of plan.rejections) run.reject(rejection);
  run.counts.rejected += plan.rejections.length;
  run.counts.add += plan.add;
  run.counts.change += plan.change;
  run.counts.remove += plan.remove;
  run.counts.unchanged += plan.unchanged;
}

type Planning = { counted: boolean; progress: boolean; step?: (step: Step) => Promise<void> };

/**
 * Plans the file's valid Apps a batch at a time, counting and reporting what it does unless an earlier run of this
 * apply counted it already, and hands each step on.
 */
async function planFile(run: ImportRun, scan: AcesScan, context: PlanContext, planning: Planning): Promise<void> {
  let index = 0;
  let batch: AcesApp[] = [];
  const flush = async () => {
    run.signal.throwIfAborted();
    const plan = await planBatch(batch, context);
    batch = [];
    if (planning.counted) count(run, plan);
    if (planning.step) for (const step of plan.steps) await planning.step(step);
    if (planning.progress) await run.progress(index, scan.records);
  };
  for await (const event of readAces(createReadStream(run.file))) {
    if (event.kind !== 'app' && event.kind !== 'rejected') continue;
    index++;
    const reason = event.kind === 'rejected' ? event.reason : scan.rejected.get(event.line);
    if (reason === undefined) batch.push(event as AcesApp);
    else if (planning.counted) {
      run.reject({ record: event.id ? `App ${event.id}` : `line ${event.line}`, reason });
      run.counts.rejected++;
    }
    if (planning.counted) run.counts.read++;
    if (batch.length >= planBatchSize()) await flush();
  }
  await flush();
}

const fullBrandOf = (scan: AcesScan) => (scan.header.full ? scan.header.brandAAIAID : undefined);

async function contextOf(run: ImportRun, scan: AcesScan): Promise<PlanContext> {
  await connectDb();
  const [numbers, stored, tables] = await Promise.all([
    PartNumberMap.read(),
    StoredAppRows.read(scan.brands, fullBrandOf(scan)),
    loadMappingTables(),
  ]);
  return { importId: run.importId, numbers, stored, vehicles: new VehicleCache(), positions: tables.positions };
}

/** Rewrites one part's rows from a fresh read, again while another save gets in between; answers the rows written, or null. */
async function rewrite(partId: string, change: (rows: FitmentRowDoc[]) => FitmentRowDoc[] | null): Promise<FitmentRowDoc[] | null> {
  let written: FitmentRowDoc[] | null = null;
  const changed = await rewriteFitment(await readFitment(partId), (rows) => (written = change(rows)), CHANGED);
  return changed && written;
}

/** The catalog learns a batch of parts' new rows once (the index takes them as written, reading no part). */
async function fitmentChanged(written: ReadonlyMap<string, FitmentRowDoc[]>): Promise<void> {
  const known = new Map([...written].map(([partId, fitment]) => [partId, { fitment }]));
  if (written.size) await catalogChanged([...written.keys()], { lists: true, known });
}

/**
 * One bucket's parts, each written once: a part that had no rows is inserted without a read; the others (and one that
 * got rows meanwhile) are read and rewritten only if still as read. Answers the parts whose rows changed.
 */
async function writeBucket(parts: Map<string, PartSteps>, stored: StoredAppRows): Promise<Map<string, FitmentRowDoc[]>> {
  const fresh = [...parts]
    .filter(([partId, steps]) => !stored.holds(partId) && !steps.drops.size && !steps.fallback.length)
    .map(([partId, steps]) => ({ partId, rows: [...steps.puts.values()] }));
  const refused = new Set(await insertFitments(fresh));
  const written = new Map(fresh.filter(({ partId }) => !refused.has(partId)).map(({ partId, rows }) => [partId, rows]));
  const read = [...parts.keys()].filter((partId) => !written.has(partId));
  await inParallel(read, async (partId) => {
    const rows = await rewrite(partId, (stored) => nextRows(stored, parts.get(partId)!));
    if (rows) written.set(partId, rows);
  });
  return written;
}

/** After a FULL file: the brand's imported rows it did not send go, a batch of parts at a time; rows entered by hand stay. */
async function removeUnsent(run: ApplyRun, stored: StoredAppRows): Promise<void> {
  const unsent = (row: FitmentRowDoc) => stored.unsent(rowKey(row) ?? '');
  const partIds = [...stored.unsentRows().partIds];
  for (let at = 0; at < partIds.length; at += acesBatch()) {
    run.signal.throwIfAborted();
    const written = new Map<string, FitmentRowDoc[]>();
    await inParallel(partIds.slice(at, at + acesBatch()), async (partId) => {
      let gone = 0;
      const rows = await rewrite(partId, (stored) => {
        gone = stored.filter(unsent).length;
        return gone ? stored.filter((row) => !unsent(row)) : null;
      });
      if (!rows) return;
      written.set(partId, rows);
      run.counts.remove += gone;
    });
    await fitmentChanged(written);
  }
}

/**
 * Plans the file into its buckets. Answers what writing them needs of the plan's context, the stored rows: the part
 * numbers and vehicles it read (some 100 bytes a part) go before the catalog grows with the rows written.
 */
async function spill(run: ApplyRun, scan: AcesScan, buckets: StepBuckets): Promise<StoredAppRows> {
  const context = await contextOf(run, scan);
  await planFile(run, scan, context, { counted: run.from === 0, progress: false, step: (step) => buckets.write(step) });
  await buckets.close();
  return context.stored;
}

/** About one batch of Apps a bucket. */
const bucketsFor = (records: number) => Math.max(1, Math.ceil(records / acesBatch()));

/** Apply's checkpoint after `done` of `count` buckets: a share of the file's records, the same in every run of the apply. */
const positionAfter = (done: number, count: number, records: number) => Math.floor((records * done) / count);

/** ACES fitment: each App a fitment row on the part it names, keyed by brand and App id (DESIGN.md, imports). */
export const acesHandler: ImportHandler = {
  format: 'aces',

  async validate(run) {
    const scan = await scanAces(run.file, run.signal);
    await keepScan(run.file, scan);
    const context = await contextOf(run, scan);
    await planFile(run, scan, context, { counted: true, progress: true });
    if (fullBrandOf(scan)) run.counts.remove += context.stored.unsentRows().count;
  },

  /**
   * Plans the whole file again (counting it unless a checkpoint says an earlier run did; the scan as the validation kept
   * it, else read again), spills each step to its part's bucket, then writes the buckets one by one, a checkpoint after
   * each; a run after a crash skips the buckets done.
   */
  async apply(run) {
    const scan = (await keptScan(run.file)) ?? (await scanAces(run.file, run.signal));
    const buckets = await StepBuckets.open(run.file, bucketsFor(scan.records));
    try {
      const stored = await spill(run, scan, buckets);
      // After a stop, the bucket at `from` may be written by the run that stopped and never told: its parts holding this
      // import's rows are told again (the plan finds those rows unchanged, so the bucket no longer names them).
      let untold = run.resumed ? await partsWithRowsOf(run.importId) : [];
      for (let bucket = 0; bucket < buckets.count; bucket++) {
        const position = positionAfter(bucket + 1, buckets.count, scan.records);
        if (position <= run.from) continue;
        run.signal.throwIfAborted();
        const written = await writeBucket(await buckets.read(bucket), stored);
        await fitmentChanged(written);
        const again = untold.filter((partId) => buckets.bucketOf(partId) === bucket && !written.has(partId));
        untold = [];
        if (again.length) await catalogChanged(again, { lists: true });
        await run.checkpoint(position);
        await run.progress(position, scan.records);
      }
      if (fullBrandOf(scan)) await removeUnsent(run, stored);
    } finally {
      await buckets.remove();
    }
  },
};
