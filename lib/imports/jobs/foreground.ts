import 'server-only';
import path from 'node:path';
import type { ImportFormat } from '@/lib/imports/handler';
import { type ImportDTO, RUNNING_STATES } from '@/lib/imports/types';
import { beginApply, queueLocalImport, readImport } from './imports';
import { runImportPhase, type WorkerOptions } from './worker';

/** How long a foreground run waits between looks when another worker (a running shop) holds the phase. */
const WAIT_MS = 1_000;

/** Runs the job's phases in this process until it rests (validated, applied, failed, cancelled). */
async function runToRest(id: string, options: WorkerOptions): Promise<ImportDTO> {
  for (;;) {
    const ran = await runImportPhase(id, options);
    const report = await readImport(id);
    if (!RUNNING_STATES.includes(report.state)) return report;
    // A shop on the same database holds the phase (or a dead worker's lease has not run out yet).
    if (!ran) await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
  }
}

export type LocalImport = { format: ImportFormat; file: string; options: Record<string, string>; dryRun?: boolean; by?: string };

/** Imports a file on this machine as the Imports page does (`npm run import`, the demo seed): validates it and, unless
 * `dryRun` or the validation failed, applies it; answers the final report. The file is read in place, never removed. */
export async function runLocalImport(input: LocalImport, options: WorkerOptions = {}): Promise<ImportDTO> {
  const id = await queueLocalImport({ format: input.format, file: path.resolve(input.file), options: input.options });
  const validated = await runToRest(id, options);
  if (input.dryRun || validated.state !== 'validated') return validated;
  await beginApply(id, input.by ?? 'npm run import');
  return runToRest(id, options);
}
