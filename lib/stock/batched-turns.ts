import 'server-only';
import { ClientGoneError, ServiceUnavailableError } from '@/lib/core/errors';
import type { TurnOptions } from './keyed-queue';

/** What a batch answers for each of its items, in their order. */
export type Outcome<O> = { ok: true; value: O } | { ok: false; error: unknown };

/** One batch of a key in arrival order, one outcome per item; `continued` when it follows the key's previous batch directly. */
export type BatchWork<I, O> = (key: string, items: I[], continued: boolean) => Promise<Array<Outcome<O>>>;

type Waiter = {
  item: unknown;
  work: BatchWork<never, unknown>;
  settle: (outcome: Outcome<unknown>) => void;
  /** Taken by a batch, or gone (timed out, client left): either way no longer waiting. */
  done: boolean;
};

type Line = { waiting: Waiter[]; running: boolean };

/** One turn per key, with what arrived meanwhile done together in the next (a group commit): a hot part's buyers share one read and write.
 * A batch holds one module copy's `work` so its errors are that copy's classes. */
export class BatchedTurns {
  constructor(
    private readonly lines = new Map<string, Line>(),
    private readonly maxBatch = 50,
  ) {}

  /** Whether a turn of this key is running (a new item would wait for the next one). */
  isBusy(key: string): boolean {
    return this.lines.has(key);
  }

  run<I, O>(key: string, item: I, work: BatchWork<I, O>, { waitMs, signal }: TurnOptions): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      if (signal?.aborted) return reject(new ClientGoneError());
      const line = this.lines.get(key) ?? { waiting: [], running: false };
      this.lines.set(key, line);
      const onAbort = () => leave(new ClientGoneError());
      const timer = setTimeout(
        () => leave(new ServiceUnavailableError('The shop is busy with this part right now, please try again in a moment', 2)),
        waitMs,
      );
      const waiter: Waiter = {
        item,
        work: work as BatchWork<never, unknown>,
        done: false,
        settle: (outcome) => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          if (outcome.ok) resolve(outcome.value as O);
          else reject(outcome.error);
        },
      };
      const leave = (error: Error) => {
        if (waiter.done) return;
        waiter.done = true;
        line.waiting.splice(line.waiting.indexOf(waiter), 1);
        waiter.settle({ ok: false, error });
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      line.waiting.push(waiter);
      if (!line.running) void this.drain(key, line);
    });
  }

  private async drain(key: string, line: Line): Promise<void> {
    line.running = true;
    let continued = false;
    while (line.waiting.length) {
      const { work } = line.waiting[0]!;
      const batch: Waiter[] = [];
      while (batch.length < this.maxBatch && line.waiting[0]?.work === work) batch.push(line.waiting.shift()!);
      for (const waiter of batch) waiter.done = true;
      let outcomes: Array<Outcome<unknown>>;
      try {
        outcomes = await work(
          key,
          batch.map((waiter) => waiter.item as never),
          continued,
        );
      } catch (error) {
        outcomes = batch.map(() => ({ ok: false, error }));
      }
      batch.forEach((waiter, i) => waiter.settle(outcomes[i] ?? { ok: false, error: new Error('A batch answered no outcome') }));
      continued = true;
    }
    line.running = false;
    if (this.lines.get(key) === line) this.lines.delete(key);
  }
}
