import 'server-only';
import { connectDb } from '@/lib/platform/db';
import { importLimits } from '@/lib/platform/env';
import { ImportJob, ImportLease, ImportRejection } from '@/models';
import type { ImportState } from '@/models/import-job';
import { removeImportFile, removeStalePartials } from './files';
import { markPhaseStarted, phaseStarter, workerHolds } from './lease';

/** The states an import ends in: its file has served its purpose, and IMPORT_KEEP_DAYS later the import goes. */
export const FINISHED_STATES: readonly ImportState[] = ['applied', 'failed', 'cancelled'];
/** Who takes Apply's start of a validated import left waiting past IMPORT_KEEP_DAYS (ImportLease generation 0). */
export const EXPIRY = 'retention';
/** The clean-up runs with the `imports` job at most this often in one process. */
export const PRUNE_EVERY_MS = 10 * 60_000;
// Up to every rejected record of a 2,000,000-App file goes in one call: more than a page's query time.
const DELETE_TIME_MS = 10 * 60_000;

type FileOf = { _id: { toString(): string }; state: ImportState; file: string };

/** Removes a finished import's upload unless a worker still holds it (it stops at its next batch and removes it then). */
export async function removeFinishedFile(job: FileOf, now = new Date()): Promise<boolean> {
  if (!FINISHED_STATES.includes(job.state) || (await workerHolds(String(job._id), now))) return false;
  await removeImportFile(job.file);
  await ImportJob.updateOne({ _id: String(job._id) }, { $set: { fileRemovedAt: now } }, { timestamps: false });
  return true;
}

/**
 * The imports' clean-up, safe in several instances at once: a validated import never applied within IMPORT_KEEP_DAYS is
 * cancelled, every finished import's file is removed, and an import finished IMPORT_KEEP_DAYS ago is deleted with its
 * rejections and leases. A queued or running import (a worker holds its lease) is never touched. Half-written uploads
 * left by a stopped process (`partials`) go once STALE_PARTIAL_MS old.
 */
export async function pruneImports(now = new Date()): Promise<{ expired: number; files: number; deleted: number; partials: number }> {
  await connectDb();
  const before = new Date(now.getTime() - importLimits().keepMs);
  const expired = await expireUnapplied(before, now);
  let files = 0;
  for (const job of await ImportJob.find({ state: { $in: FINISHED_STATES }, fileRemovedAt: null }, { state: 1, file: 1 }).lean<FileOf[]>())
    if (await removeFinishedFile(job, now)) files++;
  let deleted = 0;
  // An import finished before `finishedAt` was stored ended with its last write.
  const old = await ImportJob.find(
    { state: { $in: FINISHED_STATES }, $or: [{ finishedAt: { $lt: before } }, { finishedAt: null, updatedAt: { $lt: before } }] },
    { state: 1, file: 1 },
  ).lean<FileOf[]>();
  for (const job of old) if (await deleteImport(job, now)) deleted++;
  return { expired, files, deleted, partials: await removeStalePartials(now.getTime()) };
}

/** Cancels the validated imports left waiting for Apply since `before`; Apply pressed meanwhile wins or is refused (409). */
async function expireUnapplied(before: Date, now: Date): Promise<number> {
  const waiting = await ImportJob.find({ state: 'validated', validatedAt: { $lt: before } }, { _id: 1 }).lean();
  let expired = 0;
  for (const { _id } of waiting) {
    const id = String(_id);
    // Apply's start is one unique document: whoever inserts it first (beginApply or this) owns the import's next step.
    if (!(await markPhaseStarted(id, 'apply', EXPIRY)) && (await phaseStarter(id, 'apply')) !== EXPIRY) continue;
    const result = await ImportJob.updateOne(
      { _id, state: 'validated' },
      { $set: { state: 'cancelled', cancelledAt: now, finishedAt: now } },
    );
    expired += result.modifiedCount;
  }
  return expired;
}

/** Deletes a finished import: its file, rejections and leases first, the job last, so a stop half way is finished next time. */
async function deleteImport(job: FileOf, now: Date): Promise<boolean> {
  const jobId = String(job._id);
  if (await workerHolds(jobId, now)) return false;
  await removeImportFile(job.file);
  await ImportRejection.deleteMany({ jobId }).setOptions({ maxTimeMS: DELETE_TIME_MS });
  await ImportLease.deleteMany({ jobId });
  const { deletedCount } = await ImportJob.deleteOne({ _id: jobId, state: { $in: FINISHED_STATES } });
  return deletedCount > 0;
}

let lastPrune = 0;

/** pruneImports when PRUNE_EVERY_MS passed since this process last ran it (a skipped run changes nothing: the next catches up). */
export async function pruneImportsWhenDue(now = Date.now()): Promise<Awaited<ReturnType<typeof pruneImports>> | null> {
  if (now - lastPrune < PRUNE_EVERY_MS) return null;
  lastPrune = now;
  return pruneImports(new Date(now));
}
