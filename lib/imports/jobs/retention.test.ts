/**
 * The imports' clean-up against the real database and real files: which uploads go when, which imports are deleted with
 * their rejections and leases after IMPORT_KEEP_DAYS, and that a queued or running import is never touched.
 */
import { mkdir, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Types } from 'mongoose';
import { ConflictError, NotFoundError } from '@/lib/core/errors';
import { connectDb } from '@/lib/platform/db';
import { dataDir, resetEnv } from '@/lib/platform/env';
import { ImportJob, ImportLease, ImportRejection } from '@/models';
import type { ImportState } from '@/models/import-job';
import { importFilePath, writeLimited } from './files';
import { beginApply, readImport } from './imports';
import { markPhaseStarted } from './lease';
import { EXPIRY, pruneImports, pruneImportsWhenDue, PRUNE_EVERY_MS } from './retention';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const now = new Date();
const ago = (ms: number) => new Date(now.getTime() - ms);

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

type Setup = {
  state: ImportState;
  finishedAt?: Date | null;
  validatedAt?: Date;
  updatedAt?: Date;
  /** A worker's lease: live (held now), released, or run out. */
  lease?: 'live' | 'released' | 'expired';
  file?: string;
};

/** An import with its upload on disk, two rejections and its validation's lease. */
async function importOf(setup: Setup): Promise<{ id: string; file: string }> {
  const _id = new Types.ObjectId();
  const id = String(_id);
  const file = setup.file ?? path.join(dataDir(), 'imports', `${id}.upload`);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, 'k1=v1\n');
  await ImportJob.create({
    _id,
    format: 'csv',
    file,
    fileName: 'parts.txt',
    state: setup.state,
    finishedAt: setup.finishedAt ?? null,
    validatedAt: setup.validatedAt ?? null,
    startedBy: { id: 'admin', email: 'admin@example.com' },
  });
  // Written past the model, as a document stored before `finishedAt` existed would be.
  await ImportJob.collection.updateOne(
    { _id },
    setup.finishedAt === undefined
      ? { $unset: { finishedAt: '' }, $set: { updatedAt: setup.updatedAt ?? now } }
      : { $set: { updatedAt: setup.updatedAt ?? now } },
  );
  await ImportRejection.insertMany(
    [1, 2].map((n) => ({ _id: `${id}:validate:${n}`, jobId: id, phase: 'validate', n, record: `line ${n}`, reason: 'No "="' })),
  );
  const lease = setup.lease ?? 'released';
  await ImportLease.create({
    _id: `${id}:validate#1`,
    jobId: id,
    phase: 'validate',
    generation: 1,
    owner: 'worker',
    leaseUntil: lease === 'expired' ? ago(MINUTE) : new Date(now.getTime() + 30_000),
    releasedAt: lease === 'released' ? ago(HOUR) : null,
  });
  return { id, file };
}

/** What is left of an import: its document, rejections, leases and file. */
async function leftOf({ id, file }: { id: string; file: string }) {
  return {
    job: Boolean(await ImportJob.exists({ _id: id })),
    rejections: await ImportRejection.countDocuments({ jobId: id }),
    leases: await ImportLease.countDocuments({ jobId: id }),
    file: await exists(file),
  };
}

const untouched = { job: true, rejections: 2, leases: 1, file: true };
const gone = { job: false, rejections: 0, leases: 0, file: false };

beforeAll(async () => {
  await connectDb();
});
beforeEach(async () => {
  await Promise.all([ImportJob.deleteMany({}), ImportRejection.deleteMany({}), ImportLease.deleteMany({})]);
  await rm(path.join(dataDir(), 'imports'), { recursive: true, force: true });
});
afterEach(() => {
  delete process.env.IMPORT_KEEP_DAYS;
  resetEnv();
});

describe('an ended import’s upload', () => {
  it.each(['applied', 'failed', 'cancelled'] as const)('is removed once the import is %s, the import kept', async (state) => {
    const ended = await importOf({ state, finishedAt: ago(HOUR) });
    await pruneImports(now);
    expect(await leftOf(ended)).toEqual({ ...untouched, file: false });
    expect((await ImportJob.findById(ended.id).lean())?.fileRemovedAt).toEqual(now);
  });

  it('stays while a worker still holds the cancelled import (it is reading the file), and goes once it lets go', async () => {
    const stopping = await importOf({ state: 'cancelled', finishedAt: ago(MINUTE), lease: 'live' });
    await pruneImports(now);
    expect(await exists(stopping.file)).toBe(true);
    await ImportLease.updateMany({ jobId: stopping.id }, { $set: { releasedAt: now } });
    await pruneImports(now);
    expect(await exists(stopping.file)).toBe(false);
  });

  it('stays for a queued, running or validated import', async () => {
    const waiting = await Promise.all([
      importOf({ state: 'queued', lease: 'expired' }),
      importOf({ state: 'validating', lease: 'live' }),
      importOf({ state: 'applying', lease: 'live' }),
      importOf({ state: 'validated', validatedAt: ago(DAY) }),
    ]);
    await pruneImports(now);
    for (const job of waiting) expect(await leftOf(job)).toEqual(untouched);
  });

  it('is never a file outside the imports folder (`npm run import` reads the shop’s own file in place)', async () => {
    const own = await importOf({ state: 'applied', finishedAt: ago(31 * DAY), file: path.join(dataDir(), 'own', 'aces.xml') });
    await pruneImports(now);
    expect(await leftOf(own)).toEqual({ ...gone, file: true });
  });
});

describe('an ended import, IMPORT_KEEP_DAYS (30) after it ended', () => {
  const KEPT = '29 days 23 hours';
  const GONE = '30 days and a minute';
  const AGES = { [KEPT]: 29 * DAY + 23 * HOUR, [GONE]: 30 * DAY + MINUTE };
  it.each([
    ['applied', KEPT],
    ['applied', GONE],
    ['failed', KEPT],
    ['failed', GONE],
    ['cancelled', KEPT],
    ['cancelled', GONE],
  ] as const)('%s %s ago', async (state, age) => {
    const ended = await importOf({ state, finishedAt: ago(AGES[age]), updatedAt: now, lease: 'expired' });
    await pruneImports(now);
    // The file of a kept import goes anyway: the import has ended.
    expect(await leftOf(ended)).toEqual(age === KEPT ? { ...untouched, file: false } : gone);
  });

  it('is deleted with its report: the report answers 404 as for an unknown id', async () => {
    const ended = await importOf({ state: 'applied', finishedAt: ago(30 * DAY + MINUTE) });
    await expect(readImport(ended.id)).resolves.toMatchObject({ id: ended.id });
    expect(await pruneImports(now)).toMatchObject({ deleted: 1 });
    await expect(readImport(ended.id)).rejects.toThrow(NotFoundError);
  });

  it('ended, for one stored before `finishedAt` existed, at its last write', async () => {
    const kept = await importOf({ state: 'applied', finishedAt: undefined, updatedAt: ago(29 * DAY + 23 * HOUR) });
    const old = await importOf({ state: 'failed', finishedAt: undefined, updatedAt: ago(30 * DAY + MINUTE) });
    await pruneImports(now);
    expect(await leftOf(kept)).toEqual({ ...untouched, file: false });
    expect(await leftOf(old)).toEqual(gone);
  });

  it('follows IMPORT_KEEP_DAYS', async () => {
    process.env.IMPORT_KEEP_DAYS = '7';
    resetEnv();
    const kept = await importOf({ state: 'applied', finishedAt: ago(6 * DAY + 23 * HOUR) });
    const old = await importOf({ state: 'applied', finishedAt: ago(7 * DAY + MINUTE) });
    await pruneImports(now);
    expect(await leftOf(kept)).toEqual({ ...untouched, file: false });
    expect(await leftOf(old)).toEqual(gone);
  });

  it('refuses an IMPORT_KEEP_DAYS that is not a whole number of days from 1, naming it', async () => {
    for (const value of ['0', '1.5', 'thirty']) {
      process.env.IMPORT_KEEP_DAYS = value;
      resetEnv();
      await expect(pruneImports(now)).rejects.toThrow(/IMPORT_KEEP_DAYS must be a whole number from 1 to 3650/);
    }
  });
});

describe('a validated import never applied', () => {
  it('is cancelled IMPORT_KEEP_DAYS after its validation and its file removed; Apply is then refused', async () => {
    const recent = await importOf({ state: 'validated', validatedAt: ago(29 * DAY + 23 * HOUR) });
    const stale = await importOf({ state: 'validated', validatedAt: ago(30 * DAY + MINUTE) });
    expect(await pruneImports(now)).toMatchObject({ expired: 1 });
    expect((await ImportJob.findById(recent.id).lean())?.state).toBe('validated');
    expect(await exists(recent.file)).toBe(true);
    const expired = (await ImportJob.findById(stale.id).lean())!;
    expect(expired).toMatchObject({ state: 'cancelled', cancelledAt: now, finishedAt: now });
    expect(await exists(stale.file)).toBe(false);
    await expect(beginApply(stale.id, 'admin@example.com')).rejects.toThrow(ConflictError);
    // Deleted IMPORT_KEEP_DAYS after that.
    await pruneImports(new Date(now.getTime() + 30 * DAY + MINUTE));
    expect(await leftOf(stale)).toEqual(gone);
  });

  it('is applied or cancelled, never both, when Apply is pressed as it expires', async () => {
    const stale = await importOf({ state: 'validated', validatedAt: ago(31 * DAY) });
    const [applied, pruned] = await Promise.allSettled([beginApply(stale.id, 'admin@example.com'), pruneImports(now)]);
    const job = (await ImportJob.findById(stale.id).lean())!;
    if (applied.status === 'fulfilled') {
      expect(job.state).toBe('applying');
      expect(await exists(stale.file)).toBe(true);
    } else {
      expect(applied.reason).toBeInstanceOf(ConflictError);
      expect(job.state).toBe('cancelled');
      expect(await exists(stale.file)).toBe(false);
    }
    expect(pruned.status).toBe('fulfilled');
  });

  it('is left to an Apply that took its start first (its state written next, as FerretDB writes after it reads)', async () => {
    const stale = await importOf({ state: 'validated', validatedAt: ago(31 * DAY) });
    expect(await markPhaseStarted(stale.id, 'apply', 'admin@example.com')).toBe(true);
    expect(await pruneImports(now)).toMatchObject({ expired: 0 });
    expect((await ImportJob.findById(stale.id).lean())?.state).toBe('validated');
    expect(await exists(stale.file)).toBe(true);
  });

  it('is cancelled by the next clean-up when the one that took Apply’s start stopped before cancelling it', async () => {
    const stale = await importOf({ state: 'validated', validatedAt: ago(31 * DAY) });
    await ImportLease.create({
      _id: `${stale.id}:apply#0`,
      jobId: stale.id,
      phase: 'apply',
      generation: 0,
      owner: EXPIRY,
      leaseUntil: now,
      releasedAt: now,
    });
    expect(await pruneImports(now)).toMatchObject({ expired: 1 });
    expect((await ImportJob.findById(stale.id).lean())?.state).toBe('cancelled');
  });
});

describe('a queued or running import', () => {
  it('is never touched, however old', async () => {
    const old = { finishedAt: null, updatedAt: ago(90 * DAY), validatedAt: ago(90 * DAY) };
    const running = await Promise.all([
      importOf({ ...old, state: 'queued', lease: 'expired' }),
      importOf({ ...old, state: 'validating', lease: 'live' }),
      importOf({ ...old, state: 'applying', lease: 'live' }),
      // Cancelled long ago by the admin, while its worker still holds it.
      importOf({ ...old, state: 'cancelled', finishedAt: ago(90 * DAY), lease: 'live' }),
    ]);
    expect(await pruneImports(now)).toEqual({ expired: 0, files: 0, deleted: 0, partials: 0 });
    for (const job of running) expect(await leftOf(job)).toEqual(untouched);
  });
});

describe('two instances cleaning up at once', () => {
  it('delete and expire every import due, leave the running one, and neither fails', async () => {
    const old = await Promise.all([1, 2, 3].map(() => importOf({ state: 'applied', finishedAt: ago(40 * DAY) })));
    const stale = await importOf({ state: 'validated', validatedAt: ago(40 * DAY) });
    const running = await importOf({ state: 'applying', lease: 'live', updatedAt: ago(40 * DAY) });
    await Promise.all([pruneImports(now), pruneImports(now)]);
    for (const job of old) expect(await leftOf(job)).toEqual(gone);
    expect((await ImportJob.findById(stale.id).lean())?.state).toBe('cancelled');
    expect(await exists(stale.file)).toBe(false);
    expect(await leftOf(running)).toEqual(untouched);
  });
});

/** The half-written uploads in the imports folder (none before it exists). */
const readdirPartials = async () =>
  (await readdir(path.join(dataDir(), 'imports')).catch(() => [] as string[])).filter((name) => name.endsWith('.part'));

describe('a half-written upload (`.part`) a stopped process left', () => {
  /** A partial upload on disk, last written `age` ago. */
  async function partialOf(age: number): Promise<string> {
    const file = `${importFilePath(String(new Types.ObjectId()))}.0a1b2c3d4e5f.part`;
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, 'PartNumber|Name\n');
    await utimes(file, ago(age), ago(age));
    return file;
  }

  it('is removed an hour after its last write; a younger one stays (it may be being written by another instance)', async () => {
    const [stale, older, young, fresh] = await Promise.all([
      partialOf(HOUR + MINUTE),
      partialOf(DAY),
      partialOf(HOUR - MINUTE),
      partialOf(0),
    ]);
    expect(await pruneImports(now)).toMatchObject({ partials: 2 });
    expect(await Promise.all([stale, older, young, fresh].map(exists))).toEqual([false, false, true, true]);
  });

  it('leaves a whole upload of the same age, and a partial outside the imports folder', async () => {
    const upload = importFilePath(String(new Types.ObjectId()));
    const outside = path.join(dataDir(), 'own', 'aces.xml.part');
    for (const file of [upload, outside]) {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, 'k1=v1\n');
      await utimes(file, ago(DAY), ago(DAY));
    }
    await pruneImports(now);
    expect(await Promise.all([upload, outside].map(exists))).toEqual([true, true]);
  });

  it('is never one being written now: an upload streaming while the clean-up runs is stored whole', async () => {
    const file = importFilePath(String(new Types.ObjectId()));
    let resume!: () => void;
    const paused = new Promise<void>((resolve) => (resume = resolve));
    async function* chunks() {
      yield new TextEncoder().encode('PartNumber|');
      await paused;
      yield new TextEncoder().encode('Name\n');
    }
    const writing = writeLimited(chunks(), file, 1024);
    // Until the upload is on disk under its temporary name.
    while (!(await readdirPartials()).length) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await pruneImports(new Date())).toMatchObject({ partials: 0 });
    resume();
    await expect(writing).resolves.toBe(16);
    expect(await exists(file)).toBe(true);
    expect(await readdirPartials()).toEqual([]);
  });
});

describe('the imports job', () => {
  it('cleans up at most once every PRUNE_EVERY_MS in a process', async () => {
    const first = Date.now() + 365 * DAY;
    expect(await pruneImportsWhenDue(first)).not.toBeNull();
    expect(await pruneImportsWhenDue(first + PRUNE_EVERY_MS - 1)).toBeNull();
    expect(await pruneImportsWhenDue(first + PRUNE_EVERY_MS)).not.toBeNull();
  });
});
