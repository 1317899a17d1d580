import './time-limit';
import { type InferSchemaType, Schema, model, models, type Model } from 'mongoose';
import { IMPORT_STATES } from '@/lib/core/import-states';

export { IMPORT_STATES, type ImportState } from '@/lib/core/import-states';
export const IMPORT_PHASES = ['validate', 'apply'] as const;
export type ImportPhase = (typeof IMPORT_PHASES)[number];

const countsSchema = {
  read: { type: Number, default: 0 },
  add: { type: Number, default: 0 },
  change: { type: Number, default: 0 },
  remove: { type: Number, default: 0 },
  unchanged: { type: Number, default: 0 },
  rejected: { type: Number, default: 0 },
};

/**
 * One import of a supplier's file (issue 46): the upload on disk (or the https URL it is fetched from),
 * its state, the validation's report and the apply's checkpoint. Which worker runs a phase is decided by
 * ImportLease, never by an update of this document (FerretDB v1 applies updates read-then-write).
 */
const importJobSchema = new Schema(
  {
    format: { type: String, required: true, enum: ['pies', 'aces', 'vcdb', 'csv'] },
    file: { type: String, required: true },
    fileName: { type: String, required: true },
    url: { type: String },
    options: { type: Map, of: String, default: () => new Map() },
    state: { type: String, required: true, enum: IMPORT_STATES, default: 'queued' },
    progress: {
      done: { type: Number, default: 0 },
      total: { type: Number, default: null },
      // When the running phase started and from which record, for records per second and the time left.
      startedAt: { type: Date, default: null },
      from: { type: Number, default: 0 },
    },
    counts: countsSchema,
    // Apply's own counts and checkpoint: every record before `from` is live. `running`: a run started and has not stopped
    // at a checkpoint, so the next one tells the catalog again of the batch at `from` (ApplyRun.resumed).
    applied: { from: { type: Number, default: 0 }, counts: countsSchema, running: { type: Boolean, default: false } },
    startedBy: { id: { type: String, required: true }, email: { type: String, required: true } },
    // Unexpected stops of a phase so far (lib/imports/jobs/worker.ts MAX_STOPS).
    stops: { type: Number, default: 0 },
    failure: { line: { type: Number, default: null }, reason: { type: String, default: null } },
    validatedAt: { type: Date, default: null },
    appliedAt: { type: Date, default: null },
    cancelledAt: { type: Date, default: null },
    // When it ended (applied, failed or cancelled): IMPORT_KEEP_DAYS later it is deleted (lib/imports/jobs/retention.ts).
    finishedAt: { type: Date, default: null },
    fileRemovedAt: { type: Date, default: null },
  },
  { timestamps: true },
);
// The workers look for unfinished jobs; the page lists the newest first (`_id` grows with time).
importJobSchema.index({ state: 1 });

/** A rejected record of an import, one document each, `_id` `${jobId}:${phase}:${n}` so a replayed batch writes it once. */
const importRejectionSchema = new Schema({
  _id: { type: String, required: true },
  jobId: { type: String, required: true },
  phase: { type: String, required: true, enum: IMPORT_PHASES },
  n: { type: Number, required: true },
  record: { type: String, required: true },
  reason: { type: String, required: true },
});
importRejectionSchema.index({ jobId: 1, phase: 1, n: 1 });

/**
 * Who runs a phase of an import: `_id` `${jobId}:${phase}#${generation}`. Inserting generation n+1 claims the
 * phase once generation n's lease ran out (its worker died); the unique `_id` lets exactly one worker win.
 */
const importLeaseSchema = new Schema({
  _id: { type: String, required: true },
  jobId: { type: String, required: true },
  phase: { type: String, required: true, enum: IMPORT_PHASES },
  // 0: the phase's start (lib/imports/jobs/lease.ts markPhaseStarted); workers hold 1 and up.
  generation: { type: Number, required: true, min: 0 },
  owner: { type: String, required: true },
  leaseUntil: { type: Date, required: true },
  releasedAt: { type: Date, default: null },
  at: { type: Date, required: true, default: () => new Date() },
});
importLeaseSchema.index({ jobId: 1, phase: 1, generation: -1 });

export type ImportJobDoc = InferSchemaType<typeof importJobSchema>;
export type ImportRejectionDoc = InferSchemaType<typeof importRejectionSchema>;
export type ImportLeaseDoc = InferSchemaType<typeof importLeaseSchema>;
export const ImportJob: Model<ImportJobDoc> =
  (models.ImportJob as Model<ImportJobDoc>) ?? model<ImportJobDoc>('ImportJob', importJobSchema);
export const ImportRejection: Model<ImportRejectionDoc> =
  (models.ImportRejection as Model<ImportRejectionDoc>) ?? model<ImportRejectionDoc>('ImportRejection', importRejectionSchema);
export const ImportLease: Model<ImportLeaseDoc> =
  (models.ImportLease as Model<ImportLeaseDoc>) ?? model<ImportLeaseDoc>('ImportLease', importLeaseSchema);
