import 'server-only';
import { expireUnpaidOrders, orderEmailReconciliation, reconcileOrderIntents } from '@/lib/orders';
import { pruneHolds } from '@/lib/orders';
import { deliverDueMail, startMailSender } from '@/lib/mail';
import { pruneCarts } from '@/lib/cart';
import { catalogSearch, moveEmbeddedFitment } from '@/lib/catalog';
import { repairRecentStock } from '@/lib/stock';
import { ensureDefaultShipping, pruneCheckoutClaims } from '@/lib/checkout';
import { ensureDefaultKits } from '@/lib/kits';
import { runImportJobs } from '@/lib/imports';
import { sendDueAlerts } from '@/lib/alerts';
import { sendDueFitChecks } from '@/lib/fit-confirmations';
import { repairFitReviewCounts } from '@/lib/returns';
import { onVercel } from '@/lib/platform/env';

/** The shop's background jobs, run by the process's timers on a Node host or by Vercel Cron (no timer outlives a request there).
 * Every job is safe in several instances at once: each rests on the request paths' unique keys. */
export const JOB_NAMES = [
  'outbox',
  'order-intents',
  'order-emails',
  'order-holds',
  'carts',
  'stock-repair',
  'search-index',
  'imports',
  'alerts',
  'fit-checks',
  'fit-reviews',
] as const;
export type JobName = (typeof JOB_NAMES)[number];

// An email whose enqueue was lost (the process died right after a change) is written again from the order's state.
const reconcileOrderEmails = orderEmailReconciliation();

/** A Vercel cron call's share of an import: well inside the function's 60 s default, leaving time to store the checkpoint. */
const VERCEL_IMPORT_CHUNK_MS = 40_000;

const JOB_RUNS: Record<JobName, () => Promise<unknown>> = {
  /** Sends the due order emails (the outbox's claims keep each to one sender). */
  outbox: () => deliverDueMail(),
  /** Returns the stock of orders whose process died between taking the stock and storing the order. */
  'order-intents': () => reconcileOrderIntents(),
  'order-emails': () => reconcileOrderEmails(),
  /** Cancels the unpaid orders whose hold (ORDER_HOLD_MINUTES) ran out and returns their stock, once. */
  'order-holds': () => expireUnpaidOrders(),
  /** Removes guests' abandoned carts (GUEST_CART_DAYS) and empty ones, unpaid orders' holds that ended and dead checkouts' claims. */
  carts: async () => ({ ...(await pruneCarts()), holds: await pruneHolds(), claims: await pruneCheckoutClaims() }),
  /** Rolls forward the parts whose latest stock move was written without its pair. */
  'stock-repair': () => repairRecentStock(),
  /** Catches the search index up with the catalog log and stores a fresh snapshot for new instances (on Vercel, the cron
   * that also moves the rows an earlier release kept inside the parts: one read by `_id` once done). */
  'search-index': async () => {
    await moveEmbeddedFitment();
    return catalogSearch().refresh();
  },
  /** Validates and applies the queued imports; on Vercel each call stops within the function's limit and the next continues. */
  imports: () => runImportJobs(onVercel() ? { budgetMs: VERCEL_IMPORT_CHUNK_MS } : {}),
  /** Emails the "tell me when" alerts whose part is back or whose vehicle has a fitting part in stock, once each. */
  alerts: () => sendDueAlerts(),
  /** Asks the buyers of orders delivered FIT_CHECK_DAYS ago whether each part fitted its vehicle, one email per order. */
  'fit-checks': () => sendDueFitChecks(),
  /** Counts again the "does not fit" returns whose fitment review count a failed write left short. */
  'fit-reviews': () => repairFitReviewCounts(),
};

export function isJobName(name: string): name is JobName {
  return (JOB_NAMES as readonly string[]).includes(name);
}

/** Runs one job once and answers what it reports (a failure throws). */
export function runJob(name: JobName): Promise<unknown> {
  return JOB_RUNS[name]();
}

const MINUTE = 60_000;
/** Alerts go out within a minute of a restock or a new fitting part: a run every 30 s, plus the index's few seconds of lag. */
const ALERTS_EVERY_MS = MINUTE / 2;
/** The other jobs wait this long after the index so the first pages get the database (FerretDB reads the whole ledger to scan it). */
const JOBS_AFTER_INDEX_MS = 5_000;

export type Job = { name: string; run: () => Promise<unknown>; everyMs: number };

/** Loaded before the other jobs; afterwards the index follows the catalog log itself. Rows kept inside parts by an earlier
 * release are moved to their collection first, so the index reads them. */
const SEARCH_INDEX: Job = {
  name: 'search index',
  run: async () => {
    await moveEmbeddedFitment();
    await catalogSearch().ready();
  },
  everyMs: 0,
};

const scheduled = (name: JobName, everyMs: number): Job => ({ name, run: () => runJob(name), everyMs });

/** The default shipping zones and tax rates, once per database (a database seeded earlier is marked). */
const DEFAULT_SHIPPING: Job = { name: 'default shipping', run: () => ensureDefaultShipping(), everyMs: 0 };

/** The default job kits (front and rear brakes, a service), once per database. */
const DEFAULT_KITS: Job = { name: 'default kits', run: () => ensureDefaultKits(), everyMs: 0 };

const JOBS: Job[] = [
  DEFAULT_SHIPPING,
  DEFAULT_KITS,
  scheduled('stock-repair', 0),
  scheduled('order-intents', MINUTE / 2),
  scheduled('order-emails', 5 * MINUTE),
  scheduled('order-holds', MINUTE / 2),
  scheduled('carts', 60 * MINUTE),
  scheduled('imports', 5_000),
  scheduled('alerts', ALERTS_EVERY_MS),
  scheduled('fit-checks', 10 * MINUTE),
  scheduled('fit-reviews', 10 * MINUTE),
];

/** How often each job runs on a Node host (0: once at start), for the tests of a job's promised delay. */
export const jobSchedule = (): Record<string, number> => Object.fromEntries(JOBS.map((job) => [job.name, job.everyMs]));

async function runLogged(job: Job): Promise<void> {
  try {
    await job.run();
  } catch (error) {
    console.error(`[jobs] ${job.name} failed:`, error);
  }
}

const globalForJobs = globalThis as typeof globalThis & { __shopJobs?: boolean };

/** Loads the search index, then runs each job once and the periodic ones on their timers (the outbox has the sender's own timer). */
export function startBackgroundJobs(): void {
  if (globalForJobs.__shopJobs) return;
  globalForJobs.__shopJobs = true;
  startMailSender();
  scheduleJobs(SEARCH_INDEX, JOBS, JOBS_AFTER_INDEX_MS);
}

/** Runs `first`, then each job once `afterMs` later and periodic ones every `everyMs`, never two runs of one job at once. */
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
