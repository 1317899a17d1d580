import type { ImportState } from '@/lib/core/import-states';
import type { ImportCounts, ImportFormat, Rejection } from './handler';

export { IMPORT_STATES, type ImportState } from '@/lib/core/import-states';
export type { ImportCounts, ImportFormat, Rejection };

/** An import as the API and the Imports page show it (client-safe: no server code). */
export type ImportSummaryDTO = {
  id: string;
  format: ImportFormat;
  fileName: string;
  state: ImportState;
  progress: {
    done: number;
    total: number | null;
    /** Records per second of the running phase, and the seconds it still needs once the total is known. */
    perSecond: number | null;
    secondsLeft: number | null;
  };
  /** The validation's report. */
  counts: ImportCounts;
  /** What apply did (so far, while it runs); null before it starts. */
  applied: ImportCounts | null;
  failure: { line: number | null; reason: string } | null;
  startedBy: string;
  createdAt: string;
  validatedAt: string | null;
  appliedAt: string | null;
  cancelledAt: string | null;
};

/** One import with its first 1,000 rejected records (all of them at `rejected.csv`). */
export type ImportDTO = ImportSummaryDTO & { rejected: Rejection[] };

export const REJECTED_SHOWN = 1000;
export const RUNNING_STATES: readonly ImportState[] = ['queued', 'validating', 'applying'];
