import type { ImportRun } from '../handler';

/** A data record of a CSV file: its place among the records (what `from` and checkpoints count), its line, its cells by field. */
export type CsvLine = { index: number; line: number; cells: Record<string, string> };

/** What one kind of CSV file does with a batch of its records: judges each (counting it), and with `write` makes it live;
 * answers the parts it changed, and with `named` those it names unchanged too (a run after a stop tells them again).
 * Records before `from` were applied by an earlier run: they are only noted, so a repeat of them is still found. */
export interface CsvSheet {
  batch(lines: readonly CsvLine[], options: { from: number; write: boolean; named?: boolean }): Promise<string[]>;
}

/** Refuses a record: counted, and kept with its line for the report. */
export function rejectLine(run: ImportRun, line: number, reason: string): void {
  run.counts.rejected++;
  run.reject({ record: `line ${line}`, reason });
}

/** A zod error's messages, once each, as one reason. */
export function reasonOf(error: { issues: ReadonlyArray<{ message: string }> }): string {
  return [...new Set(error.issues.map((issue) => issue.message))].join('; ');
}

/** Text compared as a shopper reads it: case and surrounding spaces aside. */
export const sameText = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();
