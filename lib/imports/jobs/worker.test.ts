/**
 * The import job's engine against the real database, with a small line-per-record handler reading a real
 * file: the states, progress, rejections, a malformed file, cancel, resume after a kill between a batch's
 * writes and its checkpoint, and two workers racing for one job.
 */
import { createReadStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import mongoose, { Types } from 'mongoose';
import { ImportFileError } from '@/lib/imports/formats/errors';
import type { ApplyRun, ImportHandler, ImportRun } from '@/lib/imports/handler';
import { connectDb } from '@/lib/platform/db';
import { dataDir } from '@/lib/platform/env';
import { ImportJob, ImportLease, ImportRejection } from '@/models';
import { NO_HANDLER, runImportJobs, runImportPhase } from './worker';

const BATCH = 3;
const records = () => mongoose.connection.collection<{ _id: string; value: string; writes: number }>('engine_test_records');

/** Each line `key=value`; a line without `=` is rejected; `TRUNCATED` is a file cut short. */
async function* lines(run: ImportRun): AsyncGenerator<{ n: number; key?: string; value?: string; text: string }> {
  let n = 0;
  for await (const text of createInterface({ input: createReadStream(run.file) })) {
    n++;
    if (text === 'TRUNCATED') throw new ImportFileError(n, 'The file ends in the middle of a record');
    const [key, value] = text.split('=');
    yield { n, key: value === undefined ? undefined : key, value, text };
  }
}

type Hooks = { afterWrites?: (batchEnd: number) => Promise<void> | void; calls: { validate: number; apply: number; from: number[] } };

function lineHandler(hooks: Hooks): ImportHandler {
  return {
    format: 'csv',
    validate: async (run) => {
      hooks.calls.validate++;
      for await (const line of lines(run)) {
        run.counts.read++;
        if (!line.key) run.reject({ record: `line ${line.n}`, reason: `No "=" in ${line.text}` });
        else {
          const stored = await records().findOne({ _id: line.key });
          if (!stored) run.counts.add++;
          else if (stored.value === line.value) run.counts.unchanged++;
          else run.counts.change++;
        }
        await run.progress(line.n);
        if (run.signal.aborted) return;
      }
    },
    apply: async (run: ApplyRun) => {
      hooks.calls.apply++;
      hooks.calls.from.push(run.from);
      let batch: Array<{ key: string; value: string }> = [];
      for await (const line of lines(run)) {
        if (line.n <= run.from) continue;
        run.counts.read++;
        if (!line.key) run.reject({ record: `line ${line.n}`, reason: 'No "="' });
        else batch.push({ key: line.key, value: line.value! });
        if (line.n % BATCH !== 0) continue;
        await writeBatch(batch);
        batch = [];
        await hooks.afterWrites?.(line.n);
        await run.checkpoint(line.n);
        if (run.signal.aborted) return;
      }
      await writeBatch(batch);
    },
  };
}

/** Keyed by the record's key: a replayed batch sets the same value again (the `writes` count shows each replay). */
async function writeBatch(batch: Array<{ key: string; value: string }>) {
  for (const { key, value } of batch) await records().updateOne({ _id: key }, { $set: { value }, $inc: { writes: 1 } }, { upsert: true });
}

const newHooks = (afterWrites?: Hooks['afterWrites']): Hooks => ({ afterWrites, calls: { validate: 0, apply: 0, from: [] } });

async function jobWith(text: string) {
  const _id = new Types.ObjectId();
  const file = path.join(dataDir(), 'imports', `${String(_id)}.upload`);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
  await ImportJob.create({ _id, format: 'csv', file, fileName: 'parts.txt', startedBy: { id: 'admin', email: 'admin@example.com' } });
  return String(_id);
}

const job = async (id: string) => (await ImportJob.findById(id).lean())!;
const fileOf = (count: number, bad: number[] = []) =>
  Array.from({ length: count }, (_, i) => (bad.includes(i + 1) ? `broken line ${i + 1}` : `k${i + 1}=v${i + 1}`)).join('\n');

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
    expect(await records().countDocuments()).toBe(0);
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
    await runImportPhase(id, { handlers: { csv: spied } });
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
    expect(stored.applied?.counts).toMatchObject({ read: 8, rejected: 1 });
    expect(await records().countDocuments()).toBe(7);
    expect(await records().countDocuments({ writes: { $ne: 1 } })).toBe(0);
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
    expect((await job(id)).state).toBe('applied');
    expect(await records().countDocuments({ writes: 1 })).toBe(9);
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
