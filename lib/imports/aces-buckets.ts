import 'server-only';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { addStep, noSteps, type PartSteps, type Step } from './aces-plan';

/**
 * A file's steps spilled to disk by part (one JSON line each, next to the upload), so that apply writes each part
 * once, whatever order the file sends its Apps in, holding one bucket's parts in memory at a time.
 */
export class StepBuckets {
  private streams: WriteStream[] = [];

  private constructor(
    private readonly dir: string,
    readonly count: number,
  ) {}

  /** Empty buckets for the upload at `file` (a crashed run's are replaced). */
  static async open(file: string, count: number): Promise<StepBuckets> {
    const buckets = new StepBuckets(`${file}.steps`, count);
    await buckets.remove();
    await mkdir(buckets.dir, { recursive: true });
    buckets.streams = Array.from({ length: count }, (_, at) => createWriteStream(buckets.path(at)));
    return buckets;
  }

  private path(bucket: number): string {
    return `${this.dir}/${bucket}.jsonl`;
  }

  /** A part's bucket: the counter ending its ObjectId, which spreads a catalog's parts evenly. */
  bucketOf(partId: string): number {
    return Number.parseInt(partId.slice(-6), 16) % this.count;
  }

  async write(step: Step): Promise<void> {
    const stream = this.streams[this.bucketOf(step.partId)]!;
    if (!stream.write(`${JSON.stringify(step)}\n`)) await once(stream, 'drain');
  }

  /** Ends the writing; every step is on disk after it. */
  async close(): Promise<void> {
    await Promise.all(
      this.streams.map(async (stream) => {
        stream.end();
        await once(stream, 'finish');
      }),
    );
    this.streams = [];
  }

  /** One bucket's steps, part by part. */
  async read(bucket: number): Promise<Map<string, PartSteps>> {
    const parts = new Map<string, PartSteps>();
    for await (const line of createInterface({ input: createReadStream(this.path(bucket)), crlfDelay: Infinity })) {
      if (!line) continue;
      const step = JSON.parse(line) as Step;
      if (!parts.has(step.partId)) parts.set(step.partId, noSteps());
      addStep(parts.get(step.partId)!, step);
    }
    return parts;
  }

  async remove(): Promise<void> {
    for (const stream of this.streams) stream.destroy();
    await rm(this.dir, { recursive: true, force: true });
  }
}
