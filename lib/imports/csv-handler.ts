import 'server-only';
import { createReadStream } from 'node:fs';
import { catalogChanged } from '@/lib/catalog';
import { ImportFileError } from './formats/errors';
import type { ApplyRun, ImportHandler, ImportRun } from './handler';
import { cellsOf, layoutOf } from './csv/columns';
import { fitmentSheet } from './csv/fitment';
import { partsSheet } from './csv/parts';
import { readCsv } from './csv/reader';
import { rejectLine, type CsvLine } from './csv/sheet';

/** Records judged (and written) together: one read of their parts, one catalog change, one checkpoint. */
export const CSV_BATCH = 200;

/** Reads the file a batch at a time; with `apply`, writes each batch from `from` on, tells the catalog once and checkpoints. */
async function runCsv(run: ImportRun, apply?: ApplyRun): Promise<void> {
  const records = readCsv(createReadStream(run.file));
  const header = await records.next();
  if (header.done) throw new ImportFileError(1, 'the file is empty (a header line, then one line per record)');
  const layout = layoutOf(header.value.cells);
  const sheet = layout.kind === 'parts' ? partsSheet(run) : fitmentSheet(run);
  const from = apply?.from ?? 0;
  let batch: CsvLine[] = [];
  let index = 0;
  let done = 0;
  // After a stop, the first batch past `from` may be stored and never told to the catalog: its parts are told again.
  let retell = apply?.resumed ?? false;
  const flush = async () => {
    const lines = batch;
    batch = [];
    const named = retell && index > from;
    if (named) retell = false;
    const changed = lines.length ? await sheet.batch(lines, { from, write: Boolean(apply), named }) : [];
    if (index === done) return;
    done = index;
    if (apply && done > from) {
      if (changed.length) await catalogChanged(changed, { lists: true });
      await apply.checkpoint(done);
    }
    await run.progress(done);
  };
  for await (const record of records) {
    if (run.signal.aborted) return;
    const at = index++;
    if (record.cells.length !== header.value.cells.length) {
      // Cells out of step with the header (an unquoted comma, a lost one): no column can be trusted.
      if (at >= from) {
        run.counts.read++;
        rejectLine(run, record.line, `The line has ${record.cells.length} cells; the header has ${header.value.cells.length}`);
      }
      continue;
    }
    batch.push({ index: at, line: record.line, cells: cellsOf(layout, record.cells) });
    if (batch.length === CSV_BATCH) await flush();
  }
  await flush();
}

/** The shop's own CSV (public/templates): a file of parts or one of fitment rows, told apart by the header line. */
export const csvHandler: ImportHandler = {
  format: 'csv',
  validate: (run) => runCsv(run),
  apply: (run) => runCsv(run, run),
};
