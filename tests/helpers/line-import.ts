import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import mongoose from 'mongoose';
import { ImportFileError } from '@/lib/imports/formats/errors';
import type { ApplyRun, ImportHandler, ImportRun } from '@/lib/imports/handler';

/**
 * A small import handler for the import job's tests: a real file read line by line, `key=value` records
 * written by their key in batches of BATCH, each write counted so a replayed batch shows.
 */
export const BATCH = 3;
export const records = () => mongoose.connection.collection<{ _id: string; value: string; writes: number }>('engine_test_records');

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

export type Hooks = {
  afterWrites?: (batchEnd: number) => Promise<void> | void;
  calls: { validate: number; apply: number; from: number[]; resumed: boolean[] };
};

export function lineHandler(hooks: Hooks): ImportHandler {
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
      hooks.calls.resumed.push(run.resumed);
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

export const newHooks = (afterWrites?: Hooks['afterWrites']): Hooks => ({
  afterWrites,
  calls: { validate: 0, apply: 0, from: [], resumed: [] },
});

/** `count` lines `k1=v1` ..., the ones numbered in `bad` without their `=`. */
export const fileOf = (count: number, bad: number[] = []) =>
  Array.from({ length: count }, (_, i) => (bad.includes(i + 1) ? `broken line ${i + 1}` : `k${i + 1}=v${i + 1}`)).join('\n');
