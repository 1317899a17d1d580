import { parseArgs } from 'node:util';
import { type ImportCounts, type ImportDTO, runLocalImport, type WorkerOptions } from '@/lib/imports';
import { parseInput } from '@/lib/platform/http';
import { IMPORT_FORMAT_NAMES, importFormSchema } from '@/lib/validations/imports';

export const USAGE = `Usage: npm run import -- --format ${IMPORT_FORMAT_NAMES.join('|')} FILE [--dry-run] [--price-type RET]`;
/** How many rejected records the report prints (all of them: the Imports page's CSV). */
const REJECTED_PRINTED = 20;

export type CommandArgs = { format: string; file: string; dryRun: boolean; priceType?: string };

export function parseCommandArgs(argv: string[]): CommandArgs {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { format: { type: 'string' }, 'dry-run': { type: 'boolean', default: false }, 'price-type': { type: 'string' } },
  });
  if (positionals.length !== 1 || !values.format) throw new Error(USAGE);
  return { format: values.format, file: positionals[0]!, dryRun: values['dry-run'], priceType: values['price-type'] };
}

const COUNT_ORDER: Array<keyof ImportCounts> = ['read', 'add', 'change', 'remove', 'unchanged', 'rejected'];
const countsLine = (counts: ImportCounts) => COUNT_ORDER.map((key) => `${key} ${counts[key]}`).join(', ');

/** The report as the Imports page shows it: state, counts, the failure, the first rejected records. */
export function formatReport(report: ImportDTO): string {
  const lines = [`Import ${report.id} (${report.format}, ${report.fileName}): ${report.state}`, `Validation: ${countsLine(report.counts)}`];
  if (report.applied) lines.push(`Applied: ${countsLine(report.applied)}`);
  if (report.failure) lines.push(`Failed: ${report.failure.reason}`);
  const shown = report.rejected.slice(0, REJECTED_PRINTED);
  if (shown.length)
    lines.push(`Rejected (${shown.length} of ${report.counts.rejected}):`, ...shown.map((r) => `  ${r.record}: ${r.reason}`));
  return lines.join('\n');
}

/** `npm run import`: validates the file and, unless `dryRun`, applies it; answers the final report. */
export async function runImportCommand(args: CommandArgs, options: WorkerOptions = {}): Promise<ImportDTO> {
  const input = parseInput(importFormSchema, { format: args.format, priceType: args.priceType });
  const importOptions: Record<string, string> = input.priceType ? { priceType: input.priceType } : {};
  return runLocalImport({ format: input.format, file: args.file, options: importOptions, dryRun: args.dryRun }, options);
}
