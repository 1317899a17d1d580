import 'server-only';
import path from 'node:path';
import { Types } from 'mongoose';
import { assertAdmin, type Actor } from '@/lib/auth';
import { recordAudit } from '@/lib/audit';
import { AppError, ConflictError, NotFoundError, PayloadTooLargeError, UnsupportedMediaError, ValidationError } from '@/lib/core/errors';
import { OBJECT_ID_PATTERN } from '@/lib/core/id-pattern';
import { isoOrNull as iso } from '@/lib/core/utils';
import type { IMPORT_FORMATS, ImportFormat } from '@/lib/imports/handler';
import { connectDb } from '@/lib/platform/db';
import { importLimits } from '@/lib/platform/env';
import { drainBody, isJsonContentType, parseInput, readJson, refusedUnread } from '@/lib/platform/http';
import { IMPORT_FORMAT_NAMES, importFormSchema, importUrlSchema, type ImportFormInput } from '@/lib/validations/imports';
import { ImportJob, ImportRejection } from '@/models';
import { markPhaseStarted } from './lease';
import { removeFinishedFile } from './retention';
import { allowedImportUrl, importFilePath, removeImportFile, tooLargeMessage, writeLimited } from './files';
import { multipartBoundary, NOT_MULTIPART, readMultipart } from './multipart';
import { type ImportDTO, type ImportSummaryDTO, REJECTED_SHOWN, RUNNING_STATES } from '@/lib/imports/types';
import type { StoredJob } from './run';
import type { ImportState } from '@/models/import-job';

// The upload's schema and the handlers name the same formats.
const SAME_FORMATS: typeof IMPORT_FORMATS = IMPORT_FORMAT_NAMES;
void SAME_FORMATS;

export const IMPORT_NOT_FOUND = 'Import not found';
export const NOT_VALIDATED = 'Only a validated import can be applied';
export const ALREADY_ENDED = 'This import has already ended';
export const FILE_REQUIRED = 'Choose a file to import';

type Admin = Pick<Actor, '_id' | 'email' | 'isAdmin'>;

function jobObjectId(id: string): Types.ObjectId {
  if (!OBJECT_ID_PATTERN.test(id)) throw new NotFoundError(IMPORT_NOT_FOUND);
  return new Types.ObjectId(id);
}

const optionsOf = (input: Omit<ImportFormInput, 'format'>): Record<string, string> => ({
  ...(input.priceType ? { priceType: input.priceType } : {}),
  ...(input.corePriceType ? { corePriceType: input.corePriceType } : {}),
});

/** `POST /api/admin/imports`: a multipart upload streamed to disk, or JSON `{ url, format }`; the work is queued (202). */
export async function startImport(actor: Admin, req: Request): Promise<{ id: string; state: 'queued' }> {
  assertAdmin(actor);
  const contentType = req.headers.get('content-type');
  const { maxBytes, frontBytes } = importLimits();
  if (isJsonContentType(contentType)) return startUrlImport(actor, await readJson(req, importUrlSchema, frontBytes));
  const boundary = multipartBoundary(contentType);
  if (!boundary) throw new UnsupportedMediaError(NOT_MULTIPART);
  const declared = Number(req.headers.get('content-length') ?? 0);
  // Refused unread: within what nginx passes on, Node reads the unread body to its end after the answer, as for a 401.
  if (declared > maxBytes) throw declared > frontBytes ? refusedUnread(tooLarge()) : tooLarge();
  if (!req.body) throw new ValidationError(FILE_REQUIRED, { file: [FILE_REQUIRED] });
  const id = new Types.ObjectId();
  const file = importFilePath(String(id));
  let fileName: string | null = null;
  // The parser never cancels the body: a refusal part-way reads the rest, so the connection stays clean for nginx.
  const source = (req.body as unknown as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]();
  let read = 0;
  const next = async () => {
    const chunk = await source.next();
    if (!chunk.done) read += chunk.value.byteLength;
    return chunk;
  };
  try {
    const fields = await readMultipart({ [Symbol.asyncIterator]: () => ({ next }) }, boundary, async (part) => {
      if (part.field !== 'file') throw new ValidationError(FILE_REQUIRED, { file: [FILE_REQUIRED] });
      // Fields sent before the file are judged before it is stored.
      parseInput(importFormSchema.partial(), part.fieldsBefore);
      // Some browsers send the whole path (C:\Users\...): only the name is kept.
      fileName = part.fileName.split(/[\\/]/).pop()!.slice(-200) || 'upload';
      await writeLimited(part.chunks, file, maxBytes);
    });
    if (fileName === null) throw new ValidationError(FILE_REQUIRED, { file: [FILE_REQUIRED] });
    const input = parseInput(importFormSchema, fields);
    return await queueImport(actor, { _id: id, format: input.format, file, fileName, options: optionsOf(input) });
  } catch (error) {
    await removeImportFile(file);
    if (!(await drainBody(next, read, frontBytes)) && error instanceof AppError) refusedUnread(error);
    throw error;
  }
}

const tooLarge = () => new PayloadTooLargeError(tooLargeMessage());

async function startUrlImport(actor: Admin, input: ReturnType<typeof importUrlSchema.parse>) {
  const url = allowedImportUrl(input.url);
  const id = new Types.ObjectId();
  const fileName = readableName(url.pathname.split('/').pop() || url.hostname).slice(-200);
  return queueImport(actor, {
    _id: id,
    format: input.format,
    file: importFilePath(String(id)),
    fileName,
    url: url.href,
    options: optionsOf(input),
  });
}

/** A URL's last segment as its file's name; a malformed escape is kept as sent. */
function readableName(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

type NewJob = { _id: Types.ObjectId; format: ImportFormat; file: string; fileName: string; url?: string; options: Record<string, string> };

async function queueImport(actor: Admin, job: NewJob): Promise<{ id: string; state: 'queued' }> {
  await connectDb();
  await ImportJob.create({ ...job, state: 'queued', startedBy: { id: String(actor._id), email: actor.email } });
  const id = String(job._id);
  await recordAudit(actor, {
    action: 'import.start',
    target: importTarget(id, job),
    after: { format: job.format, file: job.fileName, url: job.url },
  });
  return { id, state: 'queued' };
}

const importTarget = (id: string, job: { format: string; fileName: string }) => ({
  kind: 'import' as const,
  id,
  label: `${job.format.toUpperCase()} ${job.fileName}`,
});

/** The imports, newest first (the last 100). */
export async function listImports(actor: Admin): Promise<ImportSummaryDTO[]> {
  assertAdmin(actor);
  await connectDb();
  const jobs = await ImportJob.find().sort({ _id: -1 }).limit(100).lean<StoredJob[]>();
  return jobs.map((job) => toSummary(job));
}

export async function getImport(actor: Admin, id: string): Promise<ImportDTO> {
  assertAdmin(actor);
  return readImport(id);
}

/** An import's report, for the caller already checked (the API) or the shop's own command. */
export async function readImport(id: string): Promise<ImportDTO> {
  const job = await findJob(id);
  const rejected = await ImportRejection.find({ jobId: id, phase: 'validate' }, { record: 1, reason: 1 })
    .sort({ n: 1 })
    .limit(REJECTED_SHOWN)
    .lean();
  return { ...toSummary(job), rejected: rejected.map(({ record, reason }) => ({ record, reason })) };
}

async function findJob(id: string): Promise<StoredJob> {
  const _id = jobObjectId(id);
  await connectDb();
  const job = await ImportJob.findById(_id).lean<StoredJob>();
  if (!job) throw new NotFoundError(IMPORT_NOT_FOUND);
  return job;
}

/** Makes a validated import live: the `imports` job applies it in batches. 409 unless validated. */
export async function applyImport(actor: Admin, id: string): Promise<ImportDTO> {
  assertAdmin(actor);
  // Audited as soon as Apply's start is taken: should this process stop before the state is written, a worker finishes the
  // import (worker.ts resumeStalledApplies) and the entry is already there, once.
  await beginApply(id, actor.email, (job) =>
    recordAudit(actor, { action: 'import.apply', target: importTarget(id, job), after: { counts: job.counts } }),
  );
  return getImport(actor, id);
}

/** Moves a validated job to `applying` for the workers; 409 unless it is validated. `started` runs once Apply's start is taken. */
export async function beginApply(id: string, by: string, started?: (job: StoredJob) => Promise<unknown>): Promise<StoredJob> {
  const job = await findJob(id);
  if (job.state !== 'validated' || !(await markPhaseStarted(id, 'apply', by))) throw new ConflictError(NOT_VALIDATED);
  await started?.(job);
  if (!(await moveToApplying(job))) throw new ConflictError(NOT_VALIDATED);
  return job;
}

/**
 * The write that follows Apply's start (markPhaseStarted): the validated import goes to the workers. It writes the same
 * whoever makes it, so a worker finishes it for a process that stopped in between (worker.ts resumeStalledApplies).
 */
export async function moveToApplying(job: Pick<StoredJob, '_id' | 'progress'>): Promise<boolean> {
  const result = await ImportJob.updateOne(
    { _id: job._id, state: 'validated' },
    {
      $set: {
        state: 'applying',
        applied: { from: 0, counts: {} },
        progress: { done: 0, total: job.progress?.total ?? null, startedAt: null, from: 0 },
      },
    },
  );
  return result.modifiedCount > 0;
}

/** `npm run import`: a job for a file on this machine, started by the shop's own scripts (read in place, never removed). */
export async function queueLocalImport(input: { format: ImportFormat; file: string; options: Record<string, string> }): Promise<string> {
  await connectDb();
  const job = await ImportJob.create({
    ...input,
    fileName: path.basename(input.file),
    state: 'queued',
    startedBy: { id: 'command', email: 'npm run import' },
  });
  return String(job._id);
}

/** Cancels an import that has not ended; a phase running stops at its next batch (what apply made live stays). */
export async function cancelImport(actor: Admin, id: string): Promise<ImportDTO> {
  assertAdmin(actor);
  const job = await findJob(id);
  const open: ImportState[] = [...RUNNING_STATES, 'validated'];
  if (!open.includes(job.state)) throw new ConflictError(ALREADY_ENDED);
  const at = new Date();
  const result = await ImportJob.updateOne(
    { _id: job._id, state: { $in: open } },
    { $set: { state: 'cancelled', cancelledAt: at, finishedAt: at } },
  );
  if (!result.modifiedCount) throw new ConflictError(ALREADY_ENDED);
  await removeFinishedFile({ ...job, state: 'cancelled' });
  await recordAudit(actor, { action: 'import.cancel', target: importTarget(id, job), before: { state: job.state } });
  return getImport(actor, id);
}

/** Every rejected record of the validation as CSV (`record,reason`), streamed from the database. */
export async function rejectedCsv(actor: Admin, id: string): Promise<ReadableStream<Uint8Array>> {
  assertAdmin(actor);
  await findJob(id);
  const cursor = ImportRejection.find({ jobId: id, phase: 'validate' }, { record: 1, reason: 1 }).sort({ n: 1 }).lean().cursor();
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start: (controller) => controller.enqueue(encoder.encode('record,reason\r\n')),
    pull: async (controller) => {
      const next = await cursor.next();
      if (!next) return controller.close();
      controller.enqueue(encoder.encode(`${csvCell(next.record)},${csvCell(next.reason)}\r\n`));
    },
    cancel: () => cursor.close(),
  });
}

/** A quoted CSV cell; one starting like a formula is prefixed so a spreadsheet shows it as text. */
export function csvCell(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${text.replace(/"/g, '""')}"`;
}

function toSummary(job: StoredJob): ImportSummaryDTO {
  const counts = plainCounts(job.counts);
  const applying = job.state === 'applying' || job.state === 'applied';
  return {
    id: String(job._id),
    format: job.format as ImportSummaryDTO['format'],
    fileName: job.fileName,
    state: job.state,
    progress: progressOf(job),
    counts,
    applied: applying ? plainCounts(job.applied?.counts) : null,
    failure: job.failure?.reason ? { line: job.failure.line ?? null, reason: job.failure.reason } : null,
    startedBy: job.startedBy?.email ?? '',
    createdAt: iso((job as { createdAt?: Date }).createdAt)!,
    validatedAt: iso(job.validatedAt),
    appliedAt: iso(job.appliedAt),
    cancelledAt: iso(job.cancelledAt),
  };
}

function plainCounts(counts: Partial<Record<string, number | null>> | null | undefined): ImportSummaryDTO['counts'] {
  const value = (key: string) => counts?.[key] ?? 0;
  return {
    read: value('read'),
    add: value('add'),
    change: value('change'),
    remove: value('remove'),
    unchanged: value('unchanged'),
    rejected: value('rejected'),
  };
}

/** Records per second since the phase started (from its checkpoint), and the time left once the total is known. */
export function progressOf(job: Pick<StoredJob, 'state' | 'progress'>, now = Date.now()): ImportSummaryDTO['progress'] {
  const done = job.progress?.done ?? 0;
  const total = job.progress?.total ?? null;
  const startedAt = job.progress?.startedAt ? new Date(job.progress.startedAt).getTime() : null;
  const running = RUNNING_STATES.includes(job.state);
  const seconds = startedAt ? (now - startedAt) / 1000 : 0;
  const perSecond = running && seconds >= 1 ? Math.round((done - (job.progress?.from ?? 0)) / seconds) : null;
  const secondsLeft = perSecond && total !== null ? Math.max(0, Math.ceil((total - done) / perSecond)) : null;
  return { done, total, perSecond, secondsLeft };
}
