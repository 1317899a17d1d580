/**
 * The import job's engine against the real database, with a small line-per-record handler reading a real
 * file: the states, progress, rejections, a malformed file, cancel, resume after a kill between a batch's
 * writes and its checkpoint, and two workers racing for one job.
 */
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Types } from 'mongoose';
import type { ImportHandler } from '@/lib/imports/handler';
import { connectDb } from '@/lib/platform/db';
import { dataDir, resetEnv } from '@/lib/platform/env';
import { AuditEntry, ImportJob, ImportLease, ImportRejection } from '@/models';
import { fileOf, lineHandler, newHooks, records } from '@/tests/helpers/line-import';
import { ConflictError } from '@/lib/core/errors';
import { applyImport, beginApply, cancelImport } from './imports';
import { EXPIRY, pruneImports } from './retention';
import { APPLY_START_GRACE_MS, MAX_STOPS, NO_HANDLER, runImportJobs, runImportPhase } from './worker';

async function jobWith(text: string) {
  const _id = new Types.ObjectId();
  const file = path.join(dataDir(), 'imports', `${String(_id)}.upload`);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
  await ImportJob.create({ _id, format: 'csv', file, fileName: 'parts.txt', startedBy: { id: 'admin', email: 'admin@example.com' } });
  return String(_id);
}

const job = async (id: string) => (await ImportJob.findById(id).lean())!;
const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

beforeAll(async () => {
  await connectDb();
});
beforeEach(async () => {
  await records().deleteMany({});
});

describe('validation', () => {
  it('counts what apply would do and stores every rejection, writing nothing to the catalog', async () => {
    await records().insertOne({ _id: 'k1', value: 'v1', writes: 0 });
    await records().insertOne({ _id: 'k2', value: 'old', writes: 0 });
    const id = await jobWith(fileOf(7, [4, 6]));
    const hooks = newHooks();
    expect(await runImportPhase(id, { handlers: { csv: lineHandler(hooks) } })).toBe('validate');
    const stored = await job(id);
    expect(stored.state).toBe('validated');
    expect(stored.counts).toMatchObject({ read: 7, add: 3, change: 1, unchanged: 1, rejected: 2 });
    const rejections = await ImportRejection.find({ jobId: id }).sort({ n: 1 }).lean();
    expect(rejections.map((r) => [r.record, r.reason])).toEqual([
      ['line 4', 'No "=" in broken line 4'],
      ['line 6', 'No "=" in broken line 6'],
    ]);
    expect(await records().countDocuments()).toBe(2);
    expect((await records().findOne({ _id: 'k2' }))?.value).toBe('old');
    // Validated: the job waits for Apply; the workers leave it alone.
    expect(await runImportPhase(id, { handlers: { csv: lineHandler(hooks) } })).toBeNull();
    expect(hooks.calls.validate).toBe(1);
  });

  it('ends a malformed file failed with its line and reason, changing nothing', async () => {
    const id = await jobWith('k1=v1\nk2=v2\nTRUNCATED\nk4=v4');
    await runImportPhase(id, { handlers: { csv: lineHandler(newHooks()) } });
    const stored = await job(id);
    expect(stored.state).toBe('failed');
    expect(stored.failure).toEqual({ line: 3, reason: 'Line 3: The file ends in the middle of a record' });
    // IMPORT_KEEP_DAYS counts from here (lib/imports/jobs/retention.ts).
    expect(stored.finishedAt).toEqual(expect.any(Date));
    expect(await records().countDocuments()).toBe(0);
    await expect(stat(stored.file)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('fails a format that has no importer yet', async () => {
    const id = await jobWith('k1=v1');
    await runImportPhase(id, { handlers: {} });
    expect((await job(id)).failure?.reason).toBe(NO_HANDLER);
  });

  it('stores the progress at most about once a second', async () => {
    const id = await jobWith(fileOf(50));
    const writes: number[] = [];
    const handler = lineHandler(newHooks());
    const spied: ImportHandler = {
      ...handler,
      validate: async (run) => {
        const progress = run.progress;
        run.progress = async (done, total) => {
          const before = (await job(id)).progress?.done;
          await progress(done, total);
          const after = (await job(id)).progress?.done;
          if (after !== before) writes.push(done);
        };
        await handler.validate(run);
      },
    };
    // A clock that runs a hundred times slower than the real one, so a loaded machine cannot stretch the 50 calls
    // past the one second the rule is about.
    const real = Date.now.bind(Date);
    const start = real();
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => start + (real() - start) / 100);
    try {
      await runImportPhase(id, { handlers: { csv: spied } });
    } finally {
      clock.mockRestore();
    }
    // The first call writes; the 49 others come within the same second.
    expect(writes).toEqual([1]);
    expect((await job(id)).progress).toMatchObject({ done: 50, total: 50 });
  });
});

describe('apply', () => {
  async function validated(text: string) {
    const id = await jobWith(text);
    await runImportPhase(id, { handlers: { csv: lineHandler(newHooks()) } });
    await ImportJob.updateOne({ _id: id }, { $set: { state: 'applying' } });
    return id;
  }

  it('applies in batches with a checkpoint after each', async () => {
    const id = await validated(fileOf(8, [5]));
    const hooks = newHooks();
    expect(await runImportPhase(id, { handlers: { csv: lineHandler(hooks) } })).toBe('apply');
    const stored = await job(id);
    expect(stored.state).toBe('applied');
    expect(stored.applied?.from).toBe(6);
    expect(stored.finishedAt).toEqual(stored.appliedAt);
    expect(stored.applied?.counts).toMatchObject({ read: 8, rejected: 1 });
    expect(await records().countDocuments()).toBe(7);
    expect(await records().countDocuments({ writes: { $ne: 1 } })).toBe(0);
    // Live now: the upload is removed.
    await expect(stat(stored.file)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('continues from the checkpoint after a kill between a batch’s writes and its checkpoint, never applying a record twice', async () => {
    const id = await validated(fileOf(10));
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const killed = newHooks((end) => {
      if (end === 6) throw new Error('killed');
    });
    await runImportPhase(id, { handlers: { csv: lineHandler(killed) } });
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('apply stopped'), expect.any(Error));
    logged.mockRestore();
    expect((await job(id)).state).toBe('applying');
    expect((await job(id)).applied?.from).toBe(3);
    // The dead worker's lease still stands: nobody takes the job until it runs out.
    const next = newHooks();
    expect(await runImportPhase(id, { handlers: { csv: lineHandler(next) } })).toBeNull();
    await ImportLease.updateMany({ jobId: id }, { $set: { leaseUntil: new Date(Date.now() - 1) } });
    expect(await runImportPhase(id, { handlers: { csv: lineHandler(next) } })).toBe('apply');
    expect(next.calls.from).toEqual([3]);
    // The run that died may have written its batch without telling the catalog: the next one is told so.
    expect([...killed.calls.resumed, ...next.calls.resumed]).toEqual([false, true]);
    const stored = await job(id);
    expect(stored.state).toBe('applied');
    expect(stored.applied?.counts).toMatchObject({ read: 10 });
    // Lines 1-3 were checkpointed: written once. Lines 4-6 were written, then replayed by their keys: same value.
    const all = await records().find().sort({ _id: 1 }).toArray();
    expect(all).toHaveLength(10);
    expect(
      all
        .filter((record) => record.writes !== 1)
        .map((record) => record._id)
        .sort(),
    ).toEqual(['k4', 'k5', 'k6']);
    expect(all.every((record) => record.value === `v${record._id.slice(1)}`)).toBe(true);
  });

  it('stops at the next batch when cancelled, leaving what is applied', async () => {
    const id = await validated(fileOf(12));
    const hooks = newHooks(async (end) => {
      if (end === 3) await ImportJob.updateOne({ _id: id }, { $set: { state: 'cancelled' } });
    });
    await runImportPhase(id, { handlers: { csv: lineHandler(hooks) } });
    const stored = await job(id);
    expect(stored.state).toBe('cancelled');
    expect(await records().countDocuments()).toBe(3);
  });

  it('when the admin cancels it, leaves the file to the worker reading it, which removes it as it stops', async () => {
    const id = await validated(fileOf(12));
    const admin = { _id: String(new Types.ObjectId()), email: 'admin@example.com', isAdmin: true };
    let fileAfterCancel: boolean | null = null;
    const hooks = newHooks(async (end) => {
      if (end !== 3) return;
      await cancelImport(admin, id);
      fileAfterCancel = await exists((await job(id)).file);
    });
    await runImportPhase(id, { handlers: { csv: lineHandler(hooks) } });
    expect(fileAfterCancel).toBe(true);
    const stored = await job(id);
    expect(stored).toMatchObject({ state: 'cancelled', finishedAt: expect.any(Date), fileRemovedAt: expect.any(Date) });
    expect(await exists(stored.file)).toBe(false);
  });

  it('stops at the time budget and the next run continues from the checkpoint', async () => {
    const id = await validated(fileOf(9));
    const slow = newHooks(async (end) => {
      if (end === 3) await new Promise((resolve) => setTimeout(resolve, 120));
    });
    await runImportPhase(id, { handlers: { csv: lineHandler(slow) }, budgetMs: 50 });
    expect((await job(id)).state).toBe('applying');
    const next = newHooks();
    // The stopped run released its lease: the next call continues at once.
    await runImportPhase(id, { handlers: { csv: lineHandler(next) } });
    expect(next.calls.from).toEqual([3]);
    // Stopped at a checkpoint, it left nothing untold.
    expect([...slow.calls.resumed, ...next.calls.resumed]).toEqual([false, false]);
    expect((await job(id)).state).toBe('applied');
    expect(await records().countDocuments({ writes: 1 })).toBe(9);
  });
});

describe('a stalled worker', () => {
  it('stops at its next checkpoint once another worker took the phase over', async () => {
    const id = await jobWith(fileOf(9));
    await runImportPhase(id, { handlers: { csv: lineHandler(newHooks()) } });
    await ImportJob.updateOne({ _id: id }, { $set: { state: 'applying' } });
    const stalled = newHooks(async (end) => {
      // Its lease ran out while it stalled: another worker inserted the next generation.
      if (end === 3)
        await ImportLease.create({
          _id: `${id}:apply#2`,
          jobId: id,
          phase: 'apply',
          generation: 2,
          owner: 'other',
          leaseUntil: new Date(Date.now() + 30_000),
        });
    });
    await runImportPhase(id, { handlers: { csv: lineHandler(stalled) } });
    const stored = await job(id);
    expect(stored.state).toBe('applying');
    expect(stored.applied?.from).toBe(0);
    expect(await records().countDocuments()).toBe(3);
  });
});

describe('a URL import', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
    delete process.env.IMPORT_URL_HOSTS;
    delete process.env.IMPORT_MAX_MB;
    resetEnv();
  });

  async function urlJob(url: string) {
    const _id = new Types.ObjectId();
    const file = path.join(dataDir(), 'imports', `${String(_id)}.upload`);
    await ImportJob.create({ _id, format: 'csv', file, url, fileName: 'feed.txt', startedBy: { id: 'admin', email: 'admin@example.com' } });
    return String(_id);
  }

  it('is fetched by the worker onto its disk, without following redirects, then validated', async () => {
    process.env.IMPORT_URL_HOSTS = 'files.example.com';
    resetEnv();
    const fetched = jest.fn(async () => new Response(fileOf(4, [3]), { status: 200 }));
    global.fetch = fetched as never;
    const id = await urlJob('https://files.example.com/feed.txt');
    await runImportPhase(id, { handlers: { csv: lineHandler(newHooks()) } });
    expect(fetched).toHaveBeenCalledWith(new URL('https://files.example.com/feed.txt'), { redirect: 'error' });
    expect((await job(id)).counts).toMatchObject({ read: 4, add: 3, rejected: 1 });
    expect(await readFile((await job(id)).file, 'utf8')).toBe(fileOf(4, [3]));
  });

  it('fails the import when the host answers an error or the file is over IMPORT_MAX_MB, storing nothing', async () => {
    process.env.IMPORT_URL_HOSTS = 'files.example.com';
    process.env.IMPORT_MAX_MB = '1';
    resetEnv();
    global.fetch = jest.fn(async () => new Response('gone', { status: 404 })) as never;
    const missing = await urlJob('https://files.example.com/missing.txt');
    await runImportPhase(missing, { handlers: { csv: lineHandler(newHooks()) } });
    expect((await job(missing)).failure).toEqual({ line: null, reason: 'Fetching the file answered 404' });
    global.fetch = jest.fn(async () => new Response(new Uint8Array(1024 * 1024 + 1), { status: 200 })) as never;
    const big = await urlJob('https://files.example.com/big.txt');
    await runImportPhase(big, { handlers: { csv: lineHandler(newHooks()) } });
    expect((await job(big)).failure).toEqual({ line: null, reason: 'The file is larger than 1 MB' });
    await expect(stat((await job(big)).file)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('a handler that keeps throwing', () => {
  it('is tried again after its lease runs out, and fails the import at the third stop', async () => {
    const id = await jobWith(fileOf(3));
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken: ImportHandler = {
      ...lineHandler(newHooks()),
      validate: async () => {
        throw new Error('a bug');
      },
    };
    for (let stop = 1; stop <= MAX_STOPS; stop++) {
      expect((await job(id)).state).toBe(stop === 1 ? 'queued' : 'validating');
      expect(await runImportPhase(id, { handlers: { csv: broken } })).toBe('validate');
      await ImportLease.updateMany({ jobId: id }, { $set: { leaseUntil: new Date(Date.now() - 1) } });
    }
    logged.mockRestore();
    expect((await job(id)).state).toBe('failed');
    expect((await job(id)).failure).toEqual({ line: null, reason: `The import stopped ${MAX_STOPS} times: a bug` });
  });
});

describe('two workers', () => {
  it('race for one job and only one runs it', async () => {
    const id = await jobWith(fileOf(20));
    const hooks = newHooks();
    const handlers = { csv: lineHandler(hooks) };
    const [a, b] = await Promise.all([runImportJobs({ handlers }), runImportJobs({ handlers })]);
    expect([...a.ran, ...b.ran]).toEqual([`${id}:validate`]);
    expect(hooks.calls.validate).toBe(1);
    expect(await ImportLease.countDocuments({ jobId: id })).toBe(1);
    expect((await job(id)).state).toBe('validated');
  });
});

describe('an Apply whose process stopped between taking the start and writing the state', () => {
  /** A validated import whose Apply took its start, then died before the import's state was written. */
  async function stalledApply(text: string, hooks = newHooks()) {
    await Promise.all([ImportJob.deleteMany({}), ImportLease.deleteMany({})]);
    const id = await jobWith(text);
    await runImportPhase(id, { handlers: { csv: lineHandler(hooks) } });
    const died = jest.spyOn(ImportJob, 'updateOne').mockRejectedValueOnce(new Error('process died'));
    await expect(beginApply(id, 'admin@example.com')).rejects.toThrow('process died');
    died.mockRestore();
    return id;
  }
  const startedAgo = (id: string, ms: number) =>
    ImportLease.updateOne({ _id: `${id}:apply#0` }, { $set: { at: new Date(Date.now() - ms) } });

  it('is taken over by the next worker once the grace has passed, and applied once by two workers racing', async () => {
    const hooks = newHooks();
    const handlers = { csv: lineHandler(hooks) };
    const id = await stalledApply(fileOf(5), hooks);
    expect((await job(id)).state).toBe('validated');
    // Apply pressed again: the start is taken, once.
    await expect(beginApply(id, 'admin@example.com')).rejects.toThrow(ConflictError);
    // Within the grace the state may still be on its way from the process that started it.
    await startedAgo(id, APPLY_START_GRACE_MS - 5_000);
    expect((await runImportJobs({ handlers })).ran).toEqual([]);
    expect((await job(id)).state).toBe('validated');
    await startedAgo(id, APPLY_START_GRACE_MS + 1_000);
    const [a, b] = await Promise.all([runImportJobs({ handlers }), runImportJobs({ handlers })]);
    expect([...a.ran, ...b.ran]).toEqual([`${id}:apply`]);
    expect(hooks.calls.apply).toBe(1);
    expect(await job(id)).toMatchObject({ state: 'applied', applied: { counts: { read: 5 } } });
    expect(await records().countDocuments({ writes: 1 })).toBe(5);
    expect(await records().countDocuments()).toBe(5);
  });

  it('is audited once: by the Apply that took the start, not again by the worker that finishes it', async () => {
    await Promise.all([ImportJob.deleteMany({}), ImportLease.deleteMany({})]);
    const id = await jobWith(fileOf(3));
    const handlers = { csv: lineHandler(newHooks()) };
    await runImportPhase(id, { handlers });
    const admin = { _id: new Types.ObjectId().toString(), email: 'owner@example.com', isAdmin: true } as Parameters<typeof applyImport>[0];
    const died = jest.spyOn(ImportJob, 'updateOne').mockRejectedValueOnce(new Error('process died'));
    await expect(applyImport(admin, id)).rejects.toThrow('process died');
    died.mockRestore();
    const audited = () => AuditEntry.find({ action: 'import.apply', 'target.id': id }).lean();
    expect(await audited()).toMatchObject([{ actorEmail: 'owner@example.com', after: { counts: { read: 3 } } }]);
    await startedAgo(id, APPLY_START_GRACE_MS + 1_000);
    expect((await runImportJobs({ handlers })).ran).toEqual([`${id}:apply`]);
    expect((await job(id)).state).toBe('applied');
    expect(await audited()).toHaveLength(1);
  });

  it('is left to the clean-up when the clean-up took the start to expire it', async () => {
    const id = await stalledApply(fileOf(2));
    await ImportLease.updateOne({ _id: `${id}:apply#0` }, { $set: { owner: EXPIRY } });
    await startedAgo(id, APPLY_START_GRACE_MS + 1_000);
    expect((await runImportJobs({ handlers: { csv: lineHandler(newHooks()) } })).ran).toEqual([]);
    expect((await job(id)).state).toBe('validated');
    await pruneImports(new Date(Date.now() + 31 * 24 * 60 * 60_000));
    expect((await job(id)).state).toBe('cancelled');
  });
});
