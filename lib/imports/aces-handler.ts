import 'server-only';
import { createReadStream } from 'node:fs';
import type { Types } from 'mongoose';
import { catalogChanged, PartNumberMap, rewriteFitment, writeFitments } from '@/lib/catalog';
import { ConflictError } from '@/lib/core/errors';
import { connectDb } from '@/lib/platform/db';
import { env } from '@/lib/platform/env';
import { PartFitment } from '@/models';
import { readAces, type AcesApp } from './formats/aces';
import type { ApplyRun, ImportHandler, ImportRun } from './handler';
import type { FitmentRowDoc } from './aces-rows';
import { nextFitment, planBatch, type BatchPlan, type FitPart, type PlanContext } from './aces-plan';
import { scanAces, type AcesScan } from './aces-scan';

/** Apps per batch (IMPORT_BATCH_APPS): one read of their parts and vehicles, one bulk write, one catalog change. 10,000 rather
 * than 500 took the demo supplier's 20,000 Apps from 166 s to 19 s on FerretDB: a part named in every batch is rewritten in each. */
const acesBatch = () => env().IMPORT_BATCH_APPS;
/** A part an admin saved while its batch was planned is planned again; past this, the import stops rather than lose the edit. */
const WRITE_ATTEMPTS = 5;

type BatchHandler = (apps: AcesApp[], done: number) => Promise<void>;

/** The file's records from `from` on: rejected ones reported, the others handed over in batches with the count of records read. */
async function eachBatch(run: ImportRun, scan: AcesScan, from: number, handle: BatchHandler): Promise<void> {
  let index = 0;
  let batch: AcesApp[] = [];
  for await (const event of readAces(createReadStream(run.file))) {
    if (event.kind !== 'app' && event.kind !== 'rejected') continue;
    if (index++ < from) continue;
    run.counts.read++;
    const reason = event.kind === 'rejected' ? event.reason : scan.rejected.get(event.line);
    if (reason === undefined) batch.push(event as AcesApp);
    else {
      run.reject({ record: event.id ? `App ${event.id}` : `line ${event.line}`, reason });
      run.counts.rejected++;
    }
    if (batch.length >= acesBatch()) {
      await handle(batch, index);
      batch = [];
    }
  }
  await handle(batch, index);
}

function count(run: ImportRun, plan: BatchPlan): void {
  for (const rejection of plan.rejections) run.reject(rejection);
  run.counts.rejected += plan.rejections.length;
  run.counts.add += plan.add;
  run.counts.change += plan.change;
  run.counts.remove += plan.remove;
  run.counts.unchanged += plan.unchanged;
}

/** Each part written once, only if it is still as read (an admin's edit meanwhile is not overwritten); false if one was not. */
async function writeParts(parts: Iterable<FitPart>, rowsOf: (part: FitPart) => { rows: FitmentRowDoc[]; dirty: boolean }) {
  const writes = [...parts].flatMap((part) => {
    const { rows, dirty } = rowsOf(part);
    return dirty ? [{ partId: String(part._id), rows, rev: part.rev }] : [];
  });
  return (await writeFitments(writes)) === writes.length;
}

/** Plans and writes one batch, planning again from fresh reads when a part changed under it; the first plan's counts are the file's. */
async function applyBatch(apps: AcesApp[], context: PlanContext): Promise<BatchPlan> {
  const first = await planBatch(apps, context);
  let plan = first;
  for (let attempt = 1; !(await writeParts(plan.parts.values(), (part) => nextFitment(part, plan, context))); attempt++) {
    if (attempt >= WRITE_ATTEMPTS) throw new ConflictError('Parts kept changing while the import wrote their fitment: apply it again');
    plan = await planBatch(apps, context);
  }
  if (plan.changed.size) await catalogChanged([...plan.changed], { lists: true });
  return first;
}

const contextOf = async (run: ImportRun, scan: AcesScan): Promise<PlanContext> => ({
  importId: run.importId,
  full: scan.header.full,
  brandAAIAID: scan.header.brandAAIAID,
  numbers: await PartNumberMap.read(),
});

type BrandFitment = { _id: Types.ObjectId; rows: FitmentRowDoc[]; rev: number };

/** The stored rows of every part with rows of the brand, through a cursor (a scan of the rows, once per FULL file). */
const brandFitment = (brandAAIAID: string) =>
  PartFitment.find({ brands: brandAAIAID }, { rows: 1, rev: 1 }).lean<BrandFitment[]>().cursor({ batchSize: 200 });

/** Imported rows of the brand, counted part by part through a cursor: what a FULL file removes, less the rows it sends again. */
async function countBrandRows(brandAAIAID: string): Promise<number> {
  let rows = 0;
  for await (const part of brandFitment(brandAAIAID)) rows += part.rows.filter((row) => row.source?.brandAAIAID === brandAAIAID).length;
  return rows;
}

/** Takes the rows `unsent` picks off a part, read again while an admin's save keeps getting in between; answers how many went. */
async function removeRows(part: BrandFitment, unsent: (row: FitmentRowDoc) => boolean): Promise<number> {
  const before = await rewriteFitment(
    { partId: String(part._id), ...part },
    (rows) => (rows.some(unsent) ? rows.filter((row) => !unsent(row)) : null),
    'Parts kept changing while the import removed their old fitment: apply it again',
  );
  return before ? before.rows.filter(unsent).length : 0;
}

/** After a FULL file: the brand's imported rows this import did not stamp go, a batch of parts at a time; rows entered by hand stay. */
async function removeUnsent(run: ApplyRun, brandAAIAID: string): Promise<void> {
  const unsent = (row: FitmentRowDoc) => row.source?.brandAAIAID === brandAAIAID && row.source.importId !== run.importId;
  let batch: BrandFitment[] = [];
  const flush = async () => {
    const removed = await Promise.all(batch.map((part) => removeRows(part, unsent)));
    run.counts.remove += removed.reduce((sum, gone) => sum + gone, 0);
    if (batch.length)
      await catalogChanged(
        batch.map((part) => String(part._id)),
        { lists: true },
      );
    batch = [];
  };
  for await (const part of brandFitment(brandAAIAID)) {
    if (part.rows.some(unsent)) batch.push(part);
    if (batch.length >= acesBatch()) await flush();
  }
  await flush();
}

/** ACES fitment: each App a fitment row on the part it names, keyed by brand and App id (DESIGN.md, imports). */
export const acesHandler: ImportHandler = {
  format: 'aces',

  async validate(run) {
    await connectDb();
    const scan = await scanAces(run.file, run.signal);
    const context = await contextOf(run, scan);
    let matched = 0;
    await eachBatch(run, scan, 0, async (apps, done) => {
      run.signal.throwIfAborted();
      const plan = await planBatch(apps, context);
      count(run, plan);
      matched += plan.matched;
      await run.progress(done, scan.records);
    });
    if (context.full && context.brandAAIAID) run.counts.remove += Math.max(0, (await countBrandRows(context.brandAAIAID)) - matched);
  },

  async apply(run) {
    await connectDb();
    const scan = await scanAces(run.file, run.signal);
    const context = await contextOf(run, scan);
    await eachBatch(run, scan, run.from, async (apps, done) => {
      run.signal.throwIfAborted();
      count(run, await applyBatch(apps, context));
      await run.checkpoint(done);
      await run.progress(done, scan.records);
    });
    if (context.full && context.brandAAIAID) await removeUnsent(run, context.brandAAIAID);
  },
};
