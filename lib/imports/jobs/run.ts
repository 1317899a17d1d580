import 'server-only';
import type { ApplyRun, ImportCounts, ImportHandler, ImportRun, Rejection } from '@/lib/imports/handler';
import { ImportJob, ImportRejection } from '@/models';
import type { ImportJobDoc, ImportPhase } from '@/models/import-job';
import type { Lease } from './lease';

/** The progress bar's figures are written at most this often. */
export const PROGRESS_EVERY_MS = 1_000;
/** Rejections are written in batches of this many (and at each progress write and checkpoint). */
const REJECTION_BATCH = 500;

export const EMPTY_COUNTS: ImportCounts = { read: 0, add: 0, change: 0, remove: 0, unchanged: 0, rejected: 0 };

export type StoredJob = ImportJobDoc & { _id: { toString(): string } };

/** Why a run stops before its end: the admin cancelled, another worker took the phase over, or the time budget ran out. */
export class RunStopped extends Error {
  override name = 'RunStopped';
}

export type Session = {
  run: ImportRun;
  /** Writes the rejections not yet stored. */
  flush(): Promise<void>;
  /** The counts as stored: `rejected` is the number of reject() calls, whatever the handler counted. */
  counts(): ImportCounts;
  stop(reason: string): void;
};

/** The run a handler gets for one phase of a job; `start` carries an apply's counts (and rejection numbers) past a restart. */
export function openSession(job: StoredJob, lease: Lease, phase: ImportPhase, start: ImportCounts): Session {
  const jobId = String(job._id);
  const controller = new AbortController();
  const counts: ImportCounts = { ...start };
  let rejected = start.rejected;
  let pending: Array<Rejection & { n: number }> = [];
  let lastWrite = 0;
  const flush = async () => {
    if (!pending.length) return;
    const batch = pending;
    pending = [];
    const docs = batch.map(({ n, record, reason }) => ({ _id: `${jobId}:${phase}:${n}`, jobId, phase, n, record, reason }));
    // Keyed by job, phase and number: a batch replayed after a crash finds its rejections already stored.
    await ImportRejection.insertMany(docs, { ordered: false }).catch((error: unknown) => {
      if (isOnlyDuplicates(error)) return;
      // Kept for the next flush: a write that failed loses no rejection.
      pending = [...batch, ...pending];
      throw error;
    });
  };
  const stop = (reason: string) => controller.abort(new RunStopped(reason));
  const stopIfCancelled = async () => {
    const state = (await ImportJob.findById(job._id, { state: 1 }).lean())?.state;
    if (state === 'cancelled') stop('cancelled');
    else if (!(await lease.held())) stop('taken over');
  };
  const run: ImportRun = {
    importId: jobId,
    file: job.file,
    fileName: job.fileName,
    options: Object.fromEntries(job.options instanceof Map ? job.options : Object.entries(job.options ?? {})),
    counts,
    signal: controller.signal,
    reject: (rejection) => {
      rejected++;
      pending.push({ ...rejection, n: rejected });
      if (pending.length >= REJECTION_BATCH) void flush().catch(() => undefined);
    },
    progress: async (done, total) => {
      if (Date.now() - lastWrite < PROGRESS_EVERY_MS) return;
      lastWrite = Date.now();
      await flush();
      const set: Record<string, unknown> = { 'progress.done': done };
      if (total !== undefined) set['progress.total'] = total;
      await ImportJob.updateOne({ _id: job._id }, { $set: set });
      await stopIfCancelled();
    },
  };
  return { run, flush, counts: () => ({ ...counts, rejected }), stop };
}

/** An apply run: its checkpoint stores how far apply got with the counts so far, then stops if cancelled or taken over. */
export function applyRunOf(session: Session, job: StoredJob, lease: Lease, from: number): ApplyRun {
  return {
    ...session.run,
    from,
    resumed: Boolean(job.applied?.running),
    checkpoint: async (done) => {
      await session.flush();
      if (!(await lease.held())) return session.stop('taken over');
      await ImportJob.updateOne(
        { _id: job._id },
        { $set: { 'applied.from': done, 'applied.counts': session.counts(), 'progress.done': done } },
      );
      const state = (await ImportJob.findById(job._id, { state: 1 }).lean())?.state;
      if (state === 'cancelled') session.stop('cancelled');
    },
  };
}

function isOnlyDuplicates(error: unknown): boolean {
  const writeErrors = (error as { writeErrors?: Array<{ code?: number; err?: { code?: number } }> }).writeErrors;
  return Array.isArray(writeErrors) && writeErrors.every((item) => (item.code ?? item.err?.code) === 11000);
}

export type Handlers = Partial<Record<string, ImportHandler>>;
