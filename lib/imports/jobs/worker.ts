import 'server-only';
import { AppError } from '@/lib/core/errors';
import { connectDb, isDatabaseFailure } from '@/lib/platform/db';
import { ImportFileError } from '@/lib/imports/formats/errors';
import { IMPORT_HANDLERS } from '@/lib/imports/handlers';
import { ImportJob, ImportRejection } from '@/models';
import type { ImportPhase, ImportState } from '@/models/import-job';
import { moveToApplying } from './imports';
import { claimLease, LEASE_BEAT_MS, LEASE_MS, phaseStart, type Lease } from './lease';
import { applyRunOf, EMPTY_COUNTS, type Handlers, openSession, RunStopped, type Session, type StoredJob } from './run';
import type { ImportCounts } from '@/lib/imports/handler';
import { ensureLocalFile, removeImportFile } from './files';
import { EXPIRY, pruneImportsWhenDue, removeFinishedFile } from './retention';

export const NO_HANDLER = 'This format cannot be imported yet';
/** A phase that throws this many times (the database's outages aside) ends the import `failed` instead of trying again. */
export const MAX_STOPS = 3;

export type WorkerOptions = {
  /** The formats' handlers (tests pass their own). */
  handlers?: Handlers;
  /** Stops a run after this long, at its next batch (a Vercel function's time limit); it continues from its checkpoint. */
  budgetMs?: number;
};

const PHASE_OF: Partial<Record<ImportState, ImportPhase>> = { queued: 'validate', validating: 'validate', applying: 'apply' };

/** How long Apply's start may wait for its next write before a worker makes it: the process that started it takes milliseconds. */
export const APPLY_START_GRACE_MS = LEASE_MS;

/** Runs every import waiting for a worker, one phase at a time, then the imports' clean-up when due: the `imports` background job. */
export async function runImportJobs(
  options: WorkerOptions = {},
): Promise<{ ran: string[]; pruned: Awaited<ReturnType<typeof pruneImportsWhenDue>> }> {
  await connectDb();
  await resumeStalledApplies();
  const waiting = await ImportJob.find({ state: { $in: ['queued', 'validating', 'applying'] } }, { _id: 1 })
    .sort({ _id: 1 })
    .limit(20)
    .lean();
  const ran: string[] = [];
  for (const { _id } of waiting) {
    const phase = await runImportPhase(String(_id), options);
    if (phase) ran.push(`${String(_id)}:${phase}`);
  }
  return { ran, pruned: await pruneImportsWhenDue() };
}

/**
 * Moves to `applying` each validated import whose Apply an admin started (ImportLease generation 0) over
 * APPLY_START_GRACE_MS ago: the process stopped between the start and its state. The start stays the exactly-once step
 * (unique `_id`, also against the clean-up's expiry); the state written after it is the same whoever writes it.
 */
export async function resumeStalledApplies(now = Date.now()): Promise<string[]> {
  const waiting = await ImportJob.find({ state: 'validated' }, { progress: 1 }).lean<StoredJob[]>();
  const resumed: string[] = [];
  for (const job of waiting) {
    const start = await phaseStart(String(job._id), 'apply');
    if (!start || start.owner === EXPIRY || now - start.at.getTime() < APPLY_START_GRACE_MS) continue;
    if (await moveToApplying(job)) resumed.push(String(job._id));
  }
  return resumed;
}

/** Claims the job's current phase and runs it; null when there is nothing to run or another worker holds it. */
export async function runImportPhase(jobId: string, options: WorkerOptions = {}): Promise<ImportPhase | null> {
  const before = await ImportJob.findById(jobId).lean<StoredJob>();
  const phase = before && PHASE_OF[before.state];
  if (!phase) return null;
  const lease = await claimLease(jobId, phase);
  if (!lease) return null;
  // Read again under the lease: the worker that held it may have finished the phase meanwhile.
  const job = await ImportJob.findById(jobId).lean<StoredJob>();
  if (!job || PHASE_OF[job.state] !== phase) {
    await lease.release();
    return null;
  }
  const beat = setInterval(() => void lease.renew().catch(() => undefined), LEASE_BEAT_MS);
  beat.unref?.();
  try {
    await runPhase(job, lease, phase, options);
    await lease.release();
  } catch (error) {
    // Left unreleased, as a dead process leaves it: another worker continues once the lease runs out.
    console.error(`[imports] ${jobId} ${phase} stopped:`, error);
    await noteStop(job, error).catch(() => undefined);
    return phase;
  } finally {
    clearInterval(beat);
  }
  await removeFileOnceEnded(jobId);
  return phase;
}

/** A cancel while this worker read the file left the file to it; a miss is caught up by the clean-up (retention.ts). */
async function removeFileOnceEnded(jobId: string): Promise<void> {
  try {
    const ended = await ImportJob.findById(jobId, { state: 1, file: 1 }).lean<StoredJob>();
    if (ended) await removeFinishedFile(ended);
  } catch (error) {
    console.error(`[imports] ${jobId}: its file is left to the clean-up:`, error);
  }
}

async function runPhase(job: StoredJob, lease: Lease, phase: ImportPhase, options: WorkerOptions): Promise<void> {
  const handler = (options.handlers ?? IMPORT_HANDLERS)[job.format];
  if (!handler) return fail(job, null, NO_HANDLER);
  try {
    await ensureLocalFile(job);
    if (phase === 'validate') await validate(job, lease, handler, options);
    else await apply(job, lease, handler, options);
  } catch (error) {
    if (error instanceof ImportFileError) return fail(job, error.line, error.message);
    // A fetched file refused (too large, not found): trying again would meet the same answer.
    if (error instanceof AppError) return fail(job, null, error.message);
    if (error instanceof RunStopped || (error as Error)?.name === 'AbortError') return;
    throw error;
  }
}

/** Counts a phase's unexpected stop; the last allowed one fails the import with its message. */
async function noteStop(job: StoredJob, error: unknown): Promise<void> {
  if (isDatabaseFailure(error)) return;
  const stops = (job.stops ?? 0) + 1;
  if (stops < MAX_STOPS) await ImportJob.updateOne({ _id: job._id }, { $set: { stops } });
  else await fail(job, null, `The import stopped ${stops} times: ${error instanceof Error ? error.message : String(error)}`);
}

const TIME_BUDGET = 'time budget';

/** Runs the handler within the time budget and stores its last rejections; the counts, or null when it was stopped. */
async function runHandler(session: Session, options: WorkerOptions, call: () => Promise<void>): Promise<ImportCounts | null> {
  const timer = options.budgetMs ? setTimeout(() => session.stop(TIME_BUDGET), options.budgetMs) : null;
  try {
    await call();
  } finally {
    if (timer) clearTimeout(timer);
  }
  await session.flush();
  return session.run.signal.aborted ? null : session.counts();
}

async function validate(job: StoredJob, lease: Lease, handler: NonNullable<Handlers[string]>, options: WorkerOptions): Promise<void> {
  const jobId = String(job._id);
  // A validation is read whole each time it starts: one a dead worker left half done starts over.
  await ImportRejection.deleteMany({ jobId, phase: 'validate' });
  await ImportJob.updateOne(
    { _id: job._id, state: { $in: ['queued', 'validating'] } },
    { $set: { state: 'validating', progress: { done: 0, total: null, startedAt: new Date(), from: 0 }, counts: EMPTY_COUNTS } },
  );
  const session = openSession(job, lease, 'validate', EMPTY_COUNTS);
  const counts = await runHandler(session, options, () => handler.validate(session.run));
  if (!counts) return;
  await ImportJob.updateOne(
    { _id: job._id, state: 'validating' },
    { $set: { state: 'validated', counts, 'progress.done': counts.read, 'progress.total': counts.read, validatedAt: new Date() } },
  );
}

async function apply(job: StoredJob, lease: Lease, handler: NonNullable<Handlers[string]>, options: WorkerOptions): Promise<void> {
  const from = job.applied?.from ?? 0;
  // A restart continues with the counts stored at the checkpoint; the records after it are counted again.
  const start = from ? { ...EMPTY_COUNTS, ...stripped(job.applied?.counts) } : EMPTY_COUNTS;
  await ImportJob.updateOne(
    { _id: job._id },
    { $set: { 'progress.startedAt': new Date(), 'progress.from': from, 'progress.done': from, 'applied.running': true } },
  );
  const session = openSession(job, lease, 'apply', start);
  // The time budget stops a run as its next batch starts, after a checkpoint: nothing is left untold, so the flag goes. (A
  // run taken over leaves it to the worker that took it; one that crashed leaves it set.)
  const stoppedAtCheckpoint = async () => {
    const reason: unknown = session.run.signal.reason;
    if (reason instanceof RunStopped && reason.message === TIME_BUDGET)
      await ImportJob.updateOne({ _id: job._id }, { $set: { 'applied.running': false } });
  };
  const counts = await runHandler(session, options, () => handler.apply(applyRunOf(session, job, lease, from))).catch(
    async (error: unknown) => {
      if (error === session.run.signal.reason) await stoppedAtCheckpoint();
      throw error;
    },
  );
  if (!counts) return stoppedAtCheckpoint();
  const at = new Date();
  await ImportJob.updateOne(
    { _id: job._id, state: 'applying' },
    { $set: { state: 'applied', 'applied.counts': counts, appliedAt: at, finishedAt: at } },
  );
  // Live now: the upload has served its purpose.
  await removeImportFile(job.file);
}

const stripped = (counts: object | null | undefined) => JSON.parse(JSON.stringify(counts ?? {})) as Record<string, number>;

async function fail(job: StoredJob, line: number | null, reason: string): Promise<void> {
  await ImportJob.updateOne(
    { _id: job._id, state: { $in: ['queued', 'validating', 'applying'] } },
    { $set: { state: 'failed', failure: { line, reason }, finishedAt: new Date() } },
  );
  await removeImportFile(job.file);
}
