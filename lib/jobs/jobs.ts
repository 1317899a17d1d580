import 'server-only';
import { expireUnpaidOrders, orderEmailReconciliation, reconcileOrderIntents } from '@/lib/orders';
import { pruneHolds } from '@/lib/orders';
import { deliverDueMail, startMailSender } from '@/lib/mail';
import { pruneCarts } from '@/lib/cart';
import { catalogSearch } from '@/lib/catalog';
import { repairRecentStock } from '@/lib/stock';
import { ensureDefaultShipping } from '@/lib/checkout';

/**
 * The background work of the shop, one function per job (runJob), called by two schedulers: on a Node
 * host the process's own timers (startBackgroundJobs, from instrumentation.ts), on Vercel, where no
 * timer outlives a request, Vercel Cron through `GET /api/cron/{job}` (vercel.json). Every job is safe
 * to run in several instances at once (each rests on the same unique keys as the request paths).
 */
export const JOB_NAMES = ['outbox', 'order-intents', 'order-emails', 'order-holds', 'carts', 'stock-repair', 'search-index'] as const;
export type JobName = (typeof JOB_NAMES)[number];

// An email whose enqueue was lost (the process died right after a change) is written again from the order's state.
const reconcileOrderEmails = orderEmailReconciliation();

const JOB_RUNS: Record<JobName, () => Promise<unknown>> = {
  /** Sends the due order emails (the outbox's claims keep each to one sender). */
  outbox: () => deliverDueMail(),
  /** Returns the stock of orders whose process died between taking the stock and storing the order. */
  'order-intents': () => reconcileOrderIntents(),
  'order-emails': () => reconcileOrderEmails(),
  /** Cancels the unpaid orders whose hold (ORDER_HOLD_MINUTES) ran out and returns their stock, once. */
  'order-holds': () => expireUnpaidOrders(),
  /** Removes guests' abandoned carts (GUEST_CART_DAYS) and empty ones, and unpaid orders' holds that ended. */
  carts: async () => ({ ...(await pruneCarts()), holds: await pruneHolds() }),
  /** Rolls forward the parts whose latest stock move was written without its pair. */
  'stock-repair': () => repairRecentStock(),
  /** Catches the search index up with the catalog log and stores a fresh snapshot for new instances. */
  'search-index': () => catalogSearch().refresh(),
};

export function isJobName(name: string): name is JobName {
  return (JOB_NAMES as readonly string[]).includes(name);
}

/** Runs one job once and answers what it reports (a failure throws). */
export function runJob(name: JobName): Promise<unknown> {
  return JOB_RUNS[name]();
}

const MINUTE = 60_000;
/**
 * The other jobs start this long after the index: the first pages after a (re)start get the database
 * to themselves (the stock repair scans the recent ledger, which FerretDB does by reading all of it).
 * Nothing waits for them: an order's writer repairs its part itself on a duplicate key.
 */
const JOBS_AFTER_INDEX_MS = 5_000;

export type Job = { name: string; run: () => Promise<unknown>; everyMs: number };

/**
 * Loaded at start, before the other jobs run (the first pages wait for it; repairs do not). From then
 * on the index follows the catalog log every second and refreshes the snapshot itself, as the
 * search-index job does.
 */
const SEARCH_INDEX: Job = { name: 'search index', run: () => catalogSearch().ready(), everyMs: 0 };

const scheduled = (name: JobName, everyMs: number): Job => ({ name, run: () => runJob(name), everyMs });

/** The default shipping zones and tax rates, once per database (a database seeded earlier is marked). */
const DEFAULT_SHIPPING: Job = { name: 'default shipping', run: () => ensureDefaultShipping(), everyMs: 0 };

const JOBS: Job[] = [
  DEFAULT_SHIPPING,
  scheduled('stock-repair', 0),
  scheduled('order-intents', MINUTE / 2),
  scheduled('order-emails', 5 * MINUTE),
  scheduled('order-holds', MINUTE / 2),
  scheduled('carts', 60 * MINUTE),
];

async function runLogged(job: Job): Promise<void> {
  try {
    await job.run();
  } catch (error) {
    console.error(`[jobs] ${job.name} failed:`, error);
  }
}

const globalForJobs = globalThis as typeof globalThis & { __shopJobs?: boolean };

/**
 * Loads the search index, then runs each job once, then the periodic ones on their timers; the outbox
 * job runs on the mail sender's own timer (every 5 s, and right after an enqueue).
 */
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
      void runLogged(job);
      if (job.everyMs <= 0) continue;
      let running = false;
      const timer = setInterval(() => {
        if (running) return;
        running = true;
        void runLogged(job).finally(() => (running = false));
      }, job.everyMs);
      timer.unref?.();
      timers.push(timer);
    }
  };
  void runLogged(first).finally(() => {
    if (!stopped) timers.push(setTimeout(startJobs, afterMs));
  });
  return () => {
    stopped = true;
    for (const timer of timers) clearTimeout(timer);
  };
}
