import 'server-only';
import { orderEmailReconciliation, reconcileOrderIntents } from '@/lib/orders';
import { startMailSender } from '@/lib/mail/outbox';
import { catalogSearch } from '@/lib/catalog/search';
import { repairRecentStock } from '@/lib/stock';

/**
 * Background work of a server process, started once from instrumentation.ts. Every job is safe to run
 * in several instances at once (each rests on the same unique keys as the request paths).
 */
const MINUTE = 60_000;
/**
 * The other jobs start this long after the index: the first pages after a (re)start get the database
 * to themselves (the stock repair scans the recent ledger, which FerretDB does by reading all of it).
 * Nothing waits for them: an order's writer repairs its part itself on a duplicate key.
 */
const JOBS_AFTER_INDEX_MS = 5_000;

export type Job = { name: string; run: () => Promise<unknown>; everyMs: number };

/** Loaded at start, before the other jobs run (the first pages wait for it; repairs do not). */
const SEARCH_INDEX: Job = { name: 'search index', run: () => catalogSearch().ready(), everyMs: 0 };

const JOBS: Job[] = [
  { name: 'stock repair', run: () => repairRecentStock(), everyMs: 0 },
  { name: 'order reconciliation', run: () => reconcileOrderIntents(), everyMs: MINUTE / 2 },
  // An email whose enqueue was lost (the process died right after a change) is written again from the order's state.
  { name: 'order email reconciliation', run: orderEmailReconciliation(), everyMs: 5 * MINUTE },
];

async function runJob(job: Job): Promise<void> {
  try {
    await job.run();
  } catch (error) {
    console.error(`[jobs] ${job.name} failed:`, error);
  }
}

const globalForJobs = globalThis as typeof globalThis & { __shopJobs?: boolean };

/** Loads the search index, then runs each job once, then the periodic ones on their timers. */
export function startBackgroundJobs(): void {
  if (globalForJobs.__shopJobs) return;
  globalForJobs.__shopJobs = true;
  startMailSender();
  scheduleJobs(SEARCH_INDEX, JOBS, JOBS_AFTER_INDEX_MS);
}

/**
 * Runs `first`, then `afterMs` after it ended (whether it loaded or failed) each job once, and the
 * periodic ones every `everyMs`, never two runs of one job at once. Answers a function that stops them.
 */
export function scheduleJobs(first: Job, jobs: Job[], afterMs: number): () => void {
  const timers: Array<ReturnType<typeof setTimeout>> = [];
  let stopped = false;
  const startJobs = () => {
    if (stopped) return;
    for (const job of jobs) {
      void runJob(job);
      if (job.everyMs <= 0) continue;
      let running = false;
      const timer = setInterval(() => {
        if (running) return;
        running = true;
        void runJob(job).finally(() => (running = false));
      }, job.everyMs);
      timer.unref?.();
      timers.push(timer);
    }
  };
  void runJob(first).finally(() => {
    if (!stopped) timers.push(setTimeout(startJobs, afterMs));
  });
  return () => {
    stopped = true;
    for (const timer of timers) clearTimeout(timer);
  };
}
