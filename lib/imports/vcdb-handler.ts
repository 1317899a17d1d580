import 'server-only';
import { createReadStream } from 'node:fs';
import { ImportFileError } from '@/lib/imports/formats/errors';
import { readVcdbExtract, readVcdbZip, vcdbTableOf, type VcdbEvent } from '@/lib/imports/formats/vcdb';
import type { ApplyRun, ImportHandler, ImportRun } from '@/lib/imports/handler';
import { VcdbExtract, VcdbTouched, applyRecordChanges, compareRecords, rebuildGenerations, type VcdbRecordInput } from '@/lib/vehicles';

/** A VCdb extract (a zip of table files, or one table's .txt): its rows become the shop's vehicle records, then its generations. */

const BATCH = 500;

function eventsOf(run: ImportRun): AsyncGenerator<VcdbEvent> {
  if (/\.zip$/i.test(run.fileName)) return readVcdbZip(run.file);
  if (!vcdbTableOf(run.fileName))
    throw new ImportFileError(
      null,
      `${run.fileName} is neither a zip nor a VCdb table file named after its table (Make.txt, BaseVehicle.txt)`,
    );
  return readVcdbExtract([{ name: run.fileName, input: createReadStream(run.file) }]);
}

/** First pass: the tables as far as rows refer to one another, and how many rows there are. */
async function readExtract(run: ImportRun): Promise<{ extract: VcdbExtract; total: number }> {
  const extract = new VcdbExtract();
  let total = 0;
  for await (const event of eventsOf(run)) {
    if (event.kind === 'table') continue;
    total++;
    if (event.kind === 'row') extract.learn(event);
  }
  await extract.settle();
  return { extract, total };
}

/** Counts a batch; apply also writes it and notes that every record before `done` is applied. */
async function settleBatch(run: ImportRun, apply: ApplyRun | null, records: VcdbRecordInput[], done: number, touched: VcdbTouched) {
  const { changes, unchanged } = await compareRecords(records);
  run.counts.unchanged += unchanged;
  for (const { before } of changes) run.counts[before ? 'change' : 'add']++;
  if (apply) {
    await applyRecordChanges(changes, touched);
    await apply.checkpoint(done);
  }
}

async function runExtract(run: ImportRun, apply: ApplyRun | null): Promise<void> {
  const { extract, total } = await readExtract(run);
  const from = apply?.from ?? 0;
  const touched = new VcdbTouched();
  if (from > 0) touched.noteExtract(extract);
  let done = 0;
  let batch: VcdbRecordInput[] = [];
  for await (const event of eventsOf(run)) {
    if (event.kind === 'table' || ++done <= from) continue;
    run.counts.read++;
    const problem = event.kind === 'rejected' ? event.reason : extract.problemOf(event);
    if (problem) {
      run.counts.rejected++;
      run.reject({ record: `${event.table} line ${event.line}`, reason: problem });
    } else if (event.kind === 'row') {
      const record = extract.recordOf(event);
      if (record) batch.push(record);
    }
    if (done % BATCH) continue;
    run.signal.throwIfAborted();
    await settleBatch(run, apply, batch, done, touched);
    await run.progress(done, total);
    batch = [];
  }
  if (done > from) await settleBatch(run, apply, batch, done, touched);
  await run.progress(done, total);
  if (apply) await rebuildGenerations(touched);
}

export const vcdbHandler: ImportHandler = {
  format: 'vcdb',
  validate: (run) => runExtract(run, null),
  apply: (run) => runExtract(run, run),
};
