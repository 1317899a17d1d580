/** What every import format provides to the import job (lib/imports/jobs): a validation that writes nothing and an apply that resumes. */

export const IMPORT_FORMATS = ['pies', 'aces', 'vcdb', 'csv'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** What a file does to the shop, counted by validation and again by apply. */
export type ImportCounts = { read: number; add: number; change: number; remove: number; unchanged: number; rejected: number };

/** A record the import refuses: `record` names it as the file does ("line 12", "App 3411", "item R11280"). */
export type Rejection = { record: string; reason: string };

export interface ImportRun {
  importId: string;
  /** The stored upload, a path on disk. */
  file: string;
  /** The uploaded file's own name (a VCdb extract: a .zip, or one table's .txt). */
  fileName: string;
  /** The admin's choices for this import (PIES: the price type, e.g. `{ priceType: 'RET' }`). */
  options: Record<string, string>;
  counts: ImportCounts;
  reject(rejection: Rejection): void;
  /** Records read so far, and the total once known, for the progress bar. */
  progress(done: number, total?: number): Promise<void>;
  /** Ends the run early when the admin cancels. */
  signal: AbortSignal;
}

export interface ApplyRun extends ImportRun {
  /** Records before this one were applied by an earlier run of this import (a crash or a restart): skip them. */
  from: number;
  /** An earlier run of this Apply started and stopped (a crash or a restart): the batch at `from` may be written but not yet
   * told to the catalog, so the handler tells it again. */
  resumed: boolean;
  /** Notes that every record before `done` is applied; called after each batch's writes. */
  checkpoint(done: number): Promise<void>;
}

export interface ImportHandler {
  format: ImportFormat;
  /** Reads the whole file and counts what apply would do; writes nothing. */
  validate(run: ImportRun): Promise<void>;
  /**
   * Makes the file live in batches, from record `from` on. Every write is keyed (a part by brand and part number,
   * a fitment row by its brand and App id), so a batch applied again after a crash changes nothing; the catalog's
   * caches and search index learn each batch once (catalogChanged).
   */
  apply(run: ApplyRun): Promise<void>;
}
