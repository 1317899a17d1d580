import 'server-only';
import { ClientGoneError, ServiceUnavailableError } from '@/lib/core/errors';

export type TurnOptions = {
  /** Give up waiting for the turn after this long (503 with Retry-After). */
  waitMs: number;
  /** The request's signal: a departed client's task never starts. */
  signal?: AbortSignal;
};

/** Runs tasks one at a time per key, to stop retry storms inside one process; correctness across processes rests on the ledger's keys. */
export class KeyedQueue {
  /** Share `tails` between module copies (Next.js may load one per bundle) so they serialize together yet throw their own error classes. */
  constructor(private readonly tails = new Map<string, Promise<unknown>>()) {}

  /** How many keys have tasks waiting or running (for tests and diagnostics). */
  get activeKeys(): number {
    return this.tails.size;
  }

  /** Whether a task of this key is running or waiting (a new one would wait its turn). */
  isBusy(key: string): boolean {
    return this.tails.has(key);
  }

  run<T>(key: string, task: () => Promise<T>, { waitMs, signal }: TurnOptions): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let settle!: () => void;
    const done = new Promise<void>((resolve) => (settle = resolve));
    const tail = previous.then(() => done);
    this.tails.set(key, tail);

    return new Promise<T>((resolve, reject) => {
      let started = false;
      const abandon = (error: Error) => {
        if (started) return;
        started = true;
        cleanup();
        reject(error);
        // The slot stays in the chain until the previous task ends, then passes at once.
        void previous.then(finish, finish);
      };
      const onAbort = () => abandon(new ClientGoneError());
      const timer = setTimeout(
        () => abandon(new ServiceUnavailableError('The shop is busy with this part right now, please try again in a moment', 2)),
        waitMs,
      );
      const cleanup = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      const finish = () => {
        settle();
        if (this.tails.get(key) === tail) this.tails.delete(key);
      };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });

      previous.then(
        () => {
          if (started) return;
          started = true;
          cleanup();
          task().then(resolve, reject).finally(finish);
        },
        () => undefined,
      );
    });
  }
}
