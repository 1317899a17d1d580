import { existsSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from '@/db/embedded';
import { BENCH_ADMIN, mailDirMailbox, newCustomers, signIn, type Mailbox, type Session } from './bench/accounts';
import { measureFirstLoad, type FirstLoad } from './bench/first-load';
import { runLighthouse, type LighthouseReport, type Throttling } from './bench/lighthouse';
import { baselineRate, fixed, formatTable, median, runLoad, sandwiched, settle, type LoadResult, type Sandwich } from './bench/load';
import { createPart, orderBurst, orderLoad, type BenchPart, type BurstReport } from './bench/orders';
import { CHECKOUT_BENCH_NAMES, guestWith, hoardingRound, runCheckoutBench, type CheckoutBenchReport } from './bench/checkout';
import { cpuShare, mb, RssSampler, waitForIdleTree, type RssFigures } from './bench/rss';
import { measureSitemap, orderablePart, orderableParts, sequentialOrders, timedGet, type SitemapChunk } from './bench/scale';
import { BENCH_DIST_DIR, buildBench, startBench, type BenchServer } from './bench/server';
import { BENCH_STATIC_SIZES_KB } from './bench/static-sizes';
import {
  ensureImportFiles,
  importFile,
  importFiles,
  importReport,
  saveSupplierTables,
  servingRss,
  type ImportFigures,
} from './bench/imports';
import {
  BROWSER_ENCODING,
  checkKeptCopy,
  clusterLoad,
  coldBurst,
  copyAsStatic,
  keptCopyServer,
  LOAD_WORKERS,
  priceVisibleAfter,
  rawGet,
  removeStaticCopies,
} from './bench/cluster';
import { startCluster } from './cluster/topology';
import { prepareEnvironment, seedIfEmpty } from './app-runner';
import { benchSeedEnv } from './bench/accounts';

/** `npm run bench`: the shop against baselines of the same run, under `next start` alone and through nginx (docs/operations.md). */
const HELP = `Usage: npm run bench -- [options]
  --rounds N         rounds of every measurement (default 3)
  --duration S       seconds per load run (default 10)
  --smoke            1 round of 2 s
  --skip-build       use the existing .next-bench build
  --url URL          measure an already running benchmark server (started with the bench accounts); its
                     new customers cannot read their mail from here and stay unverified, so start it
                     with GUEST_ORDERS_PER_EMAIL_PER_HOUR above the orders the run places
  --only a,b         only these: home, home-signed-in, part, part-signed-in, parts, category, filtered, blogs,
                     api-parts, api-review, orders-one, orders-spread, orders-burst, cart, quote, checkout,
                     checkout-burst, code-cap, hoard, first-load, cluster
                     (scale: first-page, order-latency, catalog, vehicles, sitemap, load)
  --skip-cluster     leave out the measurements through the production topology (nginx, 2 instances)
  --lighthouse       also run Lighthouse (mobile) on /, a part page, /parts, the cart (3 lines) and /checkout, estimated (its default) and applied throttling
  --lighthouse-rounds N  Lighthouse runs of each page and throttling, medians (default 5, as Lighthouse's own
                     advice on variability has it; 1 with --smoke)
  --scale            the large-catalog measurements on --data-dir (default .data/scale, from npm run seed:scale)
  --data-dir DIR     the data directory for --scale
  --import           instead, import a large synthetic supplier through the import API on a fresh shop: VCdb (20,000
                     base vehicles), PIES (200,000 parts), ACES of 200,000 and 2,000,000 Apps (about 70 and 700 MB);
                     times, the app's RSS and the part page's p95 meanwhile (issue 46's targets)
  --import-dir DIR   where the supplier's files are written, or reused when there (default: the system's temp folder)
  --import-apps N    only the ACES files of at most N Apps (e.g. 200000: the 700 MB file left out)
  --keep-data        keep the fresh database of a normal run (.data/bench-<time>)`;

const { values: flags } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '10' },
    smoke: { type: 'boolean', default: false },
    'skip-build': { type: 'boolean', default: false },
    url: { type: 'string' },
    only: { type: 'string' },
    lighthouse: { type: 'boolean', default: false },
    'lighthouse-rounds': { type: 'string', default: '5' },
    scale: { type: 'boolean', default: false },
    'data-dir': { type: 'string' },
    import: { type: 'boolean', default: false },
    'import-dir': { type: 'string' },
    'import-apps': { type: 'string' },
    'keep-data': { type: 'boolean', default: false },
    'skip-cluster': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

const rounds = flags.smoke ? 1 : Number(flags.rounds);
const seconds = flags.smoke ? 2 : Number(flags.duration);
const lighthouseRounds = flags.smoke ? 1 : Number(flags['lighthouse-rounds']);
const only = flags.only ? new Set(flags.only.split(',').map((name) => name.trim())) : null;
const wanted = (name: string) => !only || only.has(name);
const CONNECTIONS = [10, 50] as const;

function log(line: string): void {
  console.log(line);
}

function verdict(ok: boolean): string {
  return ok ? 'PASS' : 'FAIL';
}

function machineLine(): string {
  const load = os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  return `${os.cpus().length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GB, load average ${load}, Node ${process.version}`;
}

// ---------------------------------------------------------------------------------------------
// The server: started here on a fresh database, or one given with --url.

type Running = { base: string; server: BenchServer | null; sampler: RssSampler | null };

async function maybeBuild(): Promise<void> {
  if (flags['skip-build'] || flags.url) return;
  log('[bench] building the benchmark build (into .next-bench, with the routes of scripts/bench/routes)...');
  const build = await buildBench(path.resolve('.data', 'bench-build.log'), log);
  log(`[bench] built in ${build.seconds.toFixed(0)} s (full output in .data/bench-build.log)\n\n${build.routes}\n`);
}

/** Hold limits off on the main server: the spec's order loads place dozens of orders per customer (checkouts get their own server). */
const LIFTED_HOLDS = { UNPAID_HOLD_ORDERS: '0' };

async function start(dataDir: string, readyPath: string, env: Record<string, string> = LIFTED_HOLDS): Promise<Running> {
  if (flags.url) return { base: flags.url.replace(/\/$/, ''), server: null, sampler: null };
  const server = await startBench({ dataDir, port: await freePort(), readyPath, env });
  log(`[bench] server on ${server.base} ready after ${server.readySeconds.toFixed(1)} s (data in ${dataDir}, log ${server.logFile})`);
  return { base: server.base, server, sampler: new RssSampler(server.pid).start() };
}

function rssLines(sampler: RssSampler | null): string[] {
  if (!sampler) return ['RSS: not measured (--url: the server is not a child of this run)'];
  sampler.sample();
  const line = (label: string, group: keyof RssFigures) =>
    `  ${label.padEnd(34)} peak ${mb(sampler.peak[group]).padStart(8)}   now ${mb(sampler.current[group]).padStart(8)}`;
  return [
    'RSS (sampled every 200 ms):',
    line('app (next start)', 'app'),
    line('database (FerretDB/mongod)', 'db'),
    line('runner (tsx, scripts/run.ts)', 'runner'),
  ];
}

// ---------------------------------------------------------------------------------------------
// The normal run.

type HttpTarget = {
  name: string;
  label: string;
  path: string;
  baseline: string;
  signedIn: boolean;
  kind: 'page' | 'filtered' | 'api' | 'reference';
};

type Sample = Sandwich<HttpTarget>;

async function warm(base: string, paths: string[], cookie?: string): Promise<void> {
  for (const target of paths) {
    for (let i = 0; i < 5; i++) {
      const res = await fetch(new URL(target, base), { headers: cookie ? { cookie } : {} });
      await res.arrayBuffer();
      if (i === 0 && res.status !== 200) log(`[bench] warning: ${target} answered ${res.status}`);
    }
  }
}

/** The uncompressed size of a page's answer. */
async function bytesOf(base: string, target: string, cookie?: string): Promise<number> {
  const res = await fetch(new URL(target, base), { headers: { 'accept-encoding': 'identity', ...(cookie ? { cookie } : {}) } });
  return (await res.arrayBuffer()).byteLength;
}

function load(base: string, target: string, connections: number, sessions: Session[] | null): Promise<LoadResult> {
  return runLoad({
    base,
    path: target,
    connections,
    seconds,
    rotate: sessions?.map((session) => ({ cookie: session.cookie })),
  });
}

/** After a run: waits for the server to finish what the run left in flight, saying so when it took a while. */
async function settled(base: string): Promise<void> {
  const waited = await settle(base);
  if (waited > 1) log(`[bench] waited ${waited.toFixed(1)} s for the server to finish the previous run's requests`);
}

function statusSummary(results: LoadResult[]): string {
  const counts: Record<string, number> = {};
  for (const result of results) {
    for (const [status, count] of Object.entries(result.statusCounts))
      if (!status.startsWith('2')) counts[status] = (counts[status] ?? 0) + count;
    if (result.errors) counts['error/timeout'] = (counts['error/timeout'] ?? 0) + result.errors;
    // Every duration run ends with about one request per connection in flight: only a run with no answer at all is worth a note.
    if (!result.total && result.unanswered) counts['no answer in the run'] = (counts['no answer in the run'] ?? 0) + result.unanswered;
  }
  const parts = Object.entries(counts).map(([status, count]) => `${count}x${status}`);
  return parts.length ? parts.join(' ') : '0';
}

async function normalRun(): Promise<void> {
  await maybeBuild();
  const dataDir = path.resolve('.data', `bench-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  const running = await start(dataDir, '/api/parts?limit=1');
  const { base, server, sampler } = running;
  try {
    // The part page measured: the newest part of the seeded catalog, chosen before the bench adds its own.
    const newest = (await (await fetch(new URL('/api/parts?limit=1', base))).json()) as Array<{ _id: string }>;
    const partPath = `/parts/${newest[0]?._id ?? 'missing'}`;
    const runId = Date.now().toString(36);
    const admin = await signIn(base, BENCH_ADMIN);
    // The server keeps its mail as files (no EMAIL_SERVER): the customers' verification links are there.
    const mailbox = server ? mailDirMailbox(path.join(dataDir, 'mail')) : null;
    const customers = await newCustomers(base, 8, runId, mailbox);
    log(`[bench] signed in the admin and 8 new customers; part page ${partPath}`);

    const filteredPath = '/parts/search?category=brakes&inStock=true&sort=price-asc';
    const pages: HttpTarget[] = [
      { name: 'home', label: '/', path: '/', baseline: '', signedIn: false, kind: 'page' },
      { name: 'home-signed-in', label: '/ signed in', path: '/', baseline: '', signedIn: true, kind: 'page' },
      { name: 'part', label: 'part page', path: partPath, baseline: '', signedIn: false, kind: 'page' },
      { name: 'part-signed-in', label: 'part page signed in', path: partPath, baseline: '', signedIn: true, kind: 'page' },
      { name: 'parts', label: '/parts', path: '/parts', baseline: '', signedIn: false, kind: 'page' },
      { name: 'category', label: '/categories/brakes', path: '/categories/brakes', baseline: '', signedIn: false, kind: 'page' },
      { name: 'filtered', label: 'filtered catalog', path: filteredPath, baseline: '', signedIn: false, kind: 'filtered' },
      { name: 'blogs', label: '/blogs', path: '/blogs', baseline: '', signedIn: false, kind: 'page' },
    ];
    const apis: HttpTarget[] = [
      { name: 'api-parts', label: '/api/parts', path: '/api/parts', baseline: '/api/bench-memory/parts', signedIn: false, kind: 'api' },
      { name: 'api-review', label: '/api/review', path: '/api/review', baseline: '/api/bench-memory/review', signedIn: false, kind: 'api' },
    ];
    // Each page's baseline: the prerendered static page (/bench-static/{kb}) closest to it in size.
    const ladder = await Promise.all(
      BENCH_STATIC_SIZES_KB.map(async (kb) => ({ path: `/bench-static/${kb}`, bytes: await bytesOf(base, `/bench-static/${kb}`) })),
    );
    for (const page of pages) {
      const bytes = await bytesOf(base, page.path, page.signedIn ? customers[0]?.cookie : undefined);
      const closest = ladder.reduce((best, step) => (Math.abs(step.bytes - bytes) < Math.abs(best.bytes - bytes) ? step : best));
      page.baseline = closest.path;
      log(`[bench] ${page.label}: ${fixed(bytes / 1024)} kB, baseline ${closest.path} (${fixed(closest.bytes / 1024)} kB)`);
    }
    const targets = [...pages, ...apis].filter((target) => wanted(target.name));

    await warm(base, [...new Set(targets.flatMap((target) => [target.baseline, target.path]))]);
    await warm(base, ['/', partPath], customers[0]?.cookie);
    // The server and database at rest, before any load run: what Lighthouse waits to get back to.
    const resting = flags.lighthouse && server ? await cpuShare(server.pid, 15) : 0;
    if (flags.lighthouse) log(`[bench] at rest the server and database use ${fixed(resting * 100)}% of a core`);

    const samples = new Map<string, Sample[]>();
    for (let round = 1; round <= rounds; round++) {
      for (const connections of CONNECTIONS) {
        // Each target between two runs of its baseline, so its ratio comes from neighbouring runs.
        await sandwiched(
          targets,
          (baseline) => load(base, baseline, connections, null),
          async (target) => {
            const result = await load(base, target.path, connections, target.signedIn ? customers : null);
            await settled(base);
            return result;
          },
          (sample) => {
            const key = `${sample.item.name}@${connections}`;
            samples.set(key, [...(samples.get(key) ?? []), sample]);
            log(
              `[bench] round ${round}/${rounds}, ${connections} conns, ${sample.item.label}: ${fixed(sample.target.reqPerSec)} req/s, p99 ${fixed(sample.target.p99, 0)} ms (baseline ${sample.item.baseline} before and after: ${fixed(sample.before.reqPerSec)} and ${fixed(sample.after.reqPerSec)} req/s)`,
            );
          },
        );
      }
    }

    // Orders: parts with a large stock for the throughput runs, one with stock 100 for the burst.
    const orderSamples = new Map<string, LoadResult[]>();
    let burst: BurstReport | null = null;
    const ordersWanted = wanted('orders-one') || wanted('orders-spread');
    if (ordersWanted || wanted('orders-burst')) {
      const one = ordersWanted ? [await createPart(base, admin, `Bench one ${runId}`, 1_000_000)] : [];
      const spread: BenchPart[] = [];
      if (wanted('orders-spread'))
        for (let i = 1; i <= 14; i++) spread.push(await createPart(base, admin, `Bench spread ${runId} ${i}`, 1_000_000));
      for (let round = 1; round <= rounds; round++) {
        for (const connections of CONNECTIONS) {
          for (const [name, parts] of [
            ['orders-one', one],
            ['orders-spread', spread],
          ] as const) {
            if (!wanted(name) || !parts.length) continue;
            const result = await orderLoad(base, customers, parts, connections, seconds);
            await settled(base);
            const key = `${name}@${connections}`;
            orderSamples.set(key, [...(orderSamples.get(key) ?? []), result]);
            log(
              `[bench] round ${round}/${rounds}, ${connections} conns, ${name}: ${fixed((result.statusCounts['201'] ?? 0) / result.seconds)} orders/s, p99 ${fixed(result.p99, 0)} ms`,
            );
          }
        }
      }
      if (wanted('orders-burst')) {
        await settled(base);
        const part = await createPart(base, admin, `Bench burst ${runId}`, 100);
        log('[bench] burst: 200 orders at once on a part with stock 100 from 8 customers...');
        burst = await orderBurst(base, admin, customers, part);
      }
    }

    let checkout: CheckoutBenchReport | null = null;
    if (CHECKOUT_BENCH_NAMES.some(wanted) || wanted('hoard')) {
      await settled(base);
      checkout = server ? await checkoutRun(runId) : await checkoutBench(base, admin, mailbox, runId);
    }

    let firstLoad: FirstLoad[] = [];
    if (wanted('first-load')) firstLoad = await measureFirstLoad(base, ['/bench-static', '/', partPath]);
    const lighthouse: LighthouseReport[] = [];
    const stalledRuns: LighthouseReport[] = [];
    if (flags.lighthouse && server) {
      // A page load is measured on a server at rest, not one still sending the load runs' order emails.
      const rest = { busy: resting + 0.05, quietSeconds: 6 };
      const idle = await waitForIdleTree(server.pid, rest);
      log(
        `[bench] waited ${fixed(idle.seconds)} s for the server and database to come back to rest (under ${fixed(rest.busy * 100)}% of a core over ${rest.quietSeconds} s) before Lighthouse${idle.quiet ? '' : ': NOT reached'}`,
      );
    }
    // The cart and the checkout of a guest with three lines (private pages: the cart's cookie rides along).
    const cartPages = flags.lighthouse ? await lighthouseCart(base) : null;
    if (flags.lighthouse)
      for (let round = 1; round <= lighthouseRounds; round++)
        for (const target of ['/', partPath, '/parts', '/cart', '/checkout'])
          for (const throttling of ['simulate', 'devtools'] as const) {
            const headers = target === '/cart' || target === '/checkout' ? cartPages! : undefined;
            const report = await lighthouseRun(base, target, throttling, stalledRuns, headers);
            lighthouse.push(report);
            log(`[bench] round ${round}/${lighthouseRounds}, Lighthouse ${target} (${throttling}): ${lighthouseLine(report)}`);
          }

    let cluster: ClusterReport | null = null;
    if (server && !flags['skip-cluster'] && (!only || only.has('cluster'))) {
      sampler?.stop();
      await server.stop();
      cluster = await clusterRun(dataDir, partPath, runId);
    }
    printNormalReport(targets, samples, orderSamples, burst, checkout, firstLoad, lighthouse, stalledRuns, sampler, cluster);
  } finally {
    sampler?.stop();
    await server?.stop();
    if (server && !flags['keep-data']) rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The cart, the checkouts and one client's hold limits (`hoard`), on the server at `base`. */
async function checkoutBench(base: string, admin: Session, mailbox: Mailbox | null, runId: string): Promise<CheckoutBenchReport> {
  const buyers = await newCustomers(base, 20, `${runId}c`, mailbox);
  const report = CHECKOUT_BENCH_NAMES.some(wanted)
    ? await runCheckoutBench(base, admin, buyers, { rounds, seconds, runId, wanted, log })
    : { lines: [], checks: [] };
  if (!wanted('hoard')) return report;
  const hoard = await hoardingRound(base, admin, buyers[0]!, runId, log);
  return { lines: [...report.lines, ...hoard.lines], checks: [...report.checks, ...hoard.checks] };
}

/** checkoutBench on a server of its own with the shop's default hold limits (the main one has them off). */
async function checkoutRun(runId: string): Promise<CheckoutBenchReport> {
  const dataDir = path.resolve('.data', `bench-checkout-${runId}`);
  const running = await start(dataDir, '/api/parts?limit=1', {});
  try {
    const admin = await signIn(running.base, BENCH_ADMIN);
    return await checkoutBench(running.base, admin, mailDirMailbox(path.join(dataDir, 'mail')), runId);
  } finally {
    running.sampler?.stop();
    await running.server?.stop();
    if (!flags['keep-data']) rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Through the production topology: 2 instances, Redis and nginx (deploy/nginx.conf).

type ClusterReport = { rows: string[][]; checks: string[]; price: number | null };

/** nginx's CPU per request of a run through it, in ms (NaN when it was not read). */
function nginxCpu(run: LoadResult): number {
  return run.serverCpu?.nginxMsPerRequest ?? Number.NaN;
}

/** The static copy's nginx CPU per request around a sandwiched page: the mean of its runs before and after. */
function baselineCpu(run: Pick<Sample, 'before' | 'after'>): number {
  return (nginxCpu(run.before) + nginxCpu(run.after)) / 2;
}

function microseconds(run: LoadResult): string {
  return fixed(nginxCpu(run) * 1000, 0);
}

async function clusterRun(dataDir: string, partPath: string, runId: string): Promise<ClusterReport> {
  const port = await freePort();
  const keptPort = await freePort();
  Object.assign(process.env, {
    ...benchSeedEnv(),
    SHOP_DATA_DIR: dataDir,
    PAYMENTS_PROVIDER: 'test',
    NEXT_DIST_DIR: BENCH_DIST_DIR,
    NEXTAUTH_URL: `http://localhost:${port}`,
    NEXT_TELEMETRY_DISABLED: '1',
  });
  const db = await prepareEnvironment();
  const staticDir = path.resolve(BENCH_DIST_DIR, 'static');
  let cluster: Awaited<ReturnType<typeof startCluster>>;
  try {
    await seedIfEmpty();
    cluster = await startCluster({
      instances: 2,
      port,
      dir: path.join(dataDir, 'cluster'),
      distDir: BENCH_DIST_DIR,
      nginxExtra: keptCopyServer(keptPort, port),
      log,
    });
  } catch (error) {
    await db.stop().catch(() => {});
    throw error;
  }
  const { base } = cluster;
  log(
    `[bench] through nginx ${base} (2 instances: ${cluster.instances.map((instance) => instance.base).join(', ')}; Redis ${cluster.redisUrl})`,
  );
  const rows: string[][] = [];
  const checks: string[] = [];
  try {
    // Accounts made on an instance directly (one address each), used through nginx: a session holds on every instance.
    const direct = cluster.instances[0]!.base;
    const admin = await signIn(direct, BENCH_ADMIN);
    const customers = await newCustomers(direct, 8, `${runId}n`, mailDirMailbox(path.join(dataDir, 'mail')));
    const cookies = customers.map((customer) => customer.cookie);
    const pages: HttpTarget[] = [
      { name: 'home', label: '/', path: '/', baseline: '', signedIn: false, kind: 'page' },
      { name: 'home-signed-in', label: '/ signed in', path: '/', baseline: '', signedIn: true, kind: 'page' },
      { name: 'part', label: 'part page', path: partPath, baseline: '', signedIn: false, kind: 'page' },
      { name: 'part-signed-in', label: 'part page signed in', path: partPath, baseline: '', signedIn: true, kind: 'page' },
      { name: 'parts', label: '/parts', path: '/parts', baseline: '', signedIn: false, kind: 'page' },
      { name: 'category', label: '/categories/brakes', path: '/categories/brakes', baseline: '', signedIn: false, kind: 'page' },
      {
        name: 'filtered',
        label: 'filtered catalog',
        path: '/parts/search?category=brakes&inStock=true&sort=price-asc',
        baseline: '',
        signedIn: false,
        kind: 'filtered',
      },
      { name: 'blogs', label: '/blogs', path: '/blogs', baseline: '', signedIn: false, kind: 'page' },
    ].filter((page) => wanted(page.name) || wanted('cluster')) as HttpTarget[];
    for (const page of pages) {
      await warm(base, [page.path]);
      page.baseline = await copyAsStatic(base, staticDir, page.name, page.path);
    }
    // What the page cache costs by itself: /parts' static copy kept by it (keptCopyServer), right after /parts.
    const parts = pages.find((page) => page.name === 'parts');
    if (parts) {
      const kept = `http://127.0.0.1:${keptPort}${parts.baseline}`;
      await checkKeptCopy(base, parts.baseline, kept);
      pages.splice(pages.indexOf(parts) + 1, 0, {
        name: 'parts-kept',
        label: "/parts' static copy, kept",
        path: kept,
        baseline: parts.baseline,
        signedIn: false,
        kind: 'reference',
      });
    }
    log(
      `[bench] load through nginx: Accept-Encoding ${BROWSER_ENCODING}, 50 connections, autocannon in ${LOAD_WORKERS} worker threads (one thread saturates a core before nginx does)`,
    );
    const processes = { nginx: cluster.nginx.child.pid!, instances: cluster.instances.map((instance) => instance.child.pid!) };
    // A signed-in page's static copy is asked for with the same cookies: nginx reads them either way.
    const signedInCopies = new Set(pages.filter((page) => page.signedIn).map((page) => page.baseline));
    const samples = new Map<string, Sample[]>();
    for (let round = 1; round <= rounds; round++) {
      await sandwiched(
        pages,
        (baseline) => clusterLoad(base, baseline, seconds, signedInCopies.has(baseline) ? cookies : null, 50, processes),
        // One request first, so the run starts on a fresh copy, not with a stale copy's burst to the app (coldBurst measures that).
        async (page) => {
          await rawGet(base, page.path, { 'accept-encoding': BROWSER_ENCODING });
          return clusterLoad(base, page.path, seconds, page.signedIn ? cookies : null, 50, processes);
        },
        (sample) => {
          samples.set(sample.item.name, [...(samples.get(sample.item.name) ?? []), sample]);
          log(
            `[bench] round ${round}/${rounds}, through nginx, ${sample.item.label}: ${fixed(sample.target.reqPerSec)} req/s, p99 ${fixed(sample.target.p99, 0)} ms, nginx ${microseconds(sample.target)} µs/request (its static copy before and after: ${fixed(sample.before.reqPerSec)} and ${fixed(sample.after.reqPerSec)} req/s, ${microseconds(sample.before)} and ${microseconds(sample.after)} µs/request)`,
          );
        },
      );
    }
    const ratios = new Map<string, number>();
    for (const page of pages) {
      const runs = samples.get(page.name) ?? [];
      if (!runs.length) continue;
      const ratio = median(runs.map((run) => run.target.reqPerSec / baselineRate(run)));
      const cpuRatio = median(runs.map((run) => baselineCpu(run) / nginxCpu(run.target)));
      const p99 = median(runs.map((run) => run.target.p99));
      rows.push([
        page.label,
        fixed(median(runs.map((run) => run.target.reqPerSec))),
        fixed(median(runs.map(baselineRate))),
        `${fixed(ratio, 2)}x`,
        fixed(median(runs.map((run) => nginxCpu(run.target) * 1000)), 0),
        fixed(median(runs.map((run) => baselineCpu(run) * 1000)), 0),
        `${fixed(cpuRatio, 2)}x`,
        `${fixed(median(runs.map((run) => (run.target.serverCpu?.instancesCoreShare ?? Number.NaN) * 100)), 0)}%`,
        fixed(median(runs.map((run) => run.target.p50)), 0),
        fixed(p99, 0),
        statusSummary(runs.map((run) => run.target)),
      ]);
      ratios.set(page.name, ratio);
      if (page.kind === 'reference')
        checks.push(
          `INFO  through nginx, ${page.label} by the page cache (a hit with its length, no chunks, no app headers): ${fixed(ratio, 3)}x its static copy; /parts ${fixed((ratios.get('parts') ?? Number.NaN) / ratio, 3)}x of it; nginx's CPU per request ${fixed(cpuRatio, 2)}x the static copy's`,
        );
      else
        checks.push(
          `${verdict(ratio >= 0.9 && p99 < 50)}  through nginx, ${page.label}: ${fixed(ratio, 3)}x its static copy (>= 0.9), p99 ${fixed(p99, 0)} ms (< 50) at 50 connections; nginx's CPU per request ${fixed(cpuRatio, 2)}x its static copy's`,
        );
    }
    const burstPage = pages.find((page) => page.name === 'part') ?? pages[0];
    if (burstPage) {
      const burst = await coldBurst(base, burstPage.path);
      checks.push(
        `INFO  through nginx, ${burstPage.label} after a 4 s pause, 50 requests at once: ${burst.toApp} asked the app, ${burst.fromCopy} got the copy; slowest ${fixed(burst.slowestMs, 0)} ms`,
      );
    }
    const partId = partPath.replace('/parts/', '');
    const price = await priceVisibleAfter({
      base,
      partId,
      pagePath: partPath,
      seconds: Math.max(4, Math.min(seconds, 8)),
      change: async () => {
        const current = (await (await fetch(new URL(`/api/parts/${partId}`, base))).json()) as { price: number };
        const next = Math.round((current.price + 1.11) * 100) / 100;
        const res = await fetch(new URL(`/api/parts/${partId}`, base), {
          method: 'PUT',
          headers: { 'content-type': 'application/json', cookie: admin.cookie, origin: process.env.NEXTAUTH_URL! },
          body: JSON.stringify({ price: next }),
        });
        if (!res.ok) throw new Error(`PUT /api/parts/${partId} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
        return next;
      },
    });
    checks.push(
      `${verdict(price !== null && price <= 2000)}  through nginx, a price change shown after ${price === null ? 'never' : `${fixed(price, 0)} ms`} (<= 2000, the part page loaded meanwhile)`,
    );
    return { rows, checks, price };
  } finally {
    removeStaticCopies(staticDir);
    await cluster.stop();
    await db.stop().catch(() => {});
  }
}

/** The cookie of a guest whose cart holds one each of three of the catalog's parts (in stock, sold singly). */
async function lighthouseCart(base: string): Promise<Record<string, string>> {
  const { cookie } = await guestWith(base, await orderableParts(base, 3, 1));
  return { cookie };
}

/** Most runs of one page and throttling: a run the browser stalled is run again twice at most, then kept. */
const LIGHTHOUSE_ATTEMPTS = 3;

/** A Lighthouse run, again while the browser stalled its first paint (LighthouseReport.stalled); those runs go to `stalled`. */
async function lighthouseRun(
  base: string,
  target: string,
  throttling: Throttling,
  stalled: LighthouseReport[],
  headers?: Record<string, string>,
): Promise<LighthouseReport> {
  for (let attempt = 1; ; attempt++) {
    const report = await runLighthouse(base, target, throttling, headers);
    if (!report.stalled || attempt === LIGHTHOUSE_ATTEMPTS) return report;
    stalled.push(report);
    log(
      `[bench] Lighthouse ${target} (${throttling}): ${lighthouseLine(report)}, set aside: the browser painted only after the load event; again`,
    );
  }
}

function lighthouseLine(report: LighthouseReport): string {
  if (report.error && report.performance === null) return report.error;
  return `performance ${report.performance ?? '?'}, LCP ${report.lcpMs === null ? '?' : `${fixed(report.lcpMs, 0)} ms`}`;
}

/** The medians of a page's runs with one throttling (NaN when a run failed, which fails the target). */
function summarizeLighthouse(runs: LighthouseReport[]): { performance: number; accessibility: number; lcpMs: number } {
  const values = (pick: (run: LighthouseReport) => number | null) => {
    const figures = runs.map(pick);
    return figures.some((figure) => figure === null) ? Number.NaN : median(figures as number[]);
  };
  return {
    performance: values((run) => run.performance),
    accessibility: values((run) => run.accessibility),
    lcpMs: values((run) => run.lcpMs),
  };
}

function printNormalReport(
  targets: HttpTarget[],
  samples: Map<string, Sample[]>,
  orderSamples: Map<string, LoadResult[]>,
  burst: BurstReport | null,
  checkout: CheckoutBenchReport | null,
  firstLoad: FirstLoad[],
  lighthouse: LighthouseReport[],
  stalledRuns: LighthouseReport[],
  sampler: RssSampler | null,
  cluster: ClusterReport | null,
): void {
  const checks: string[] = [];
  if (targets.length)
    log(
      `\n== next start alone, uncompressed (${rounds} round(s) of ${seconds} s, each between two runs of its baseline; medians; latency in ms) ==`,
    );
  const rows: string[][] = [];
  for (const target of targets) {
    for (const connections of CONNECTIONS) {
      const runs = samples.get(`${target.name}@${connections}`) ?? [];
      if (!runs.length) continue;
      const ratio = median(runs.map((run) => run.target.reqPerSec / baselineRate(run)));
      const p50 = median(runs.map((run) => run.target.p50));
      const p99 = median(runs.map((run) => run.target.p99));
      rows.push([
        target.label,
        String(connections),
        fixed(median(runs.map((run) => run.target.reqPerSec))),
        `${fixed(median(runs.map(baselineRate)))} ${target.baseline}`,
        `${fixed(ratio, 2)}x`,
        fixed(p50, 0),
        fixed(p99, 0),
        statusSummary(runs.map((run) => run.target)),
        statusSummary([...new Set(runs.flatMap((run) => [run.before, run.after]))]),
      ]);
      if (target.kind === 'page' && connections === 50)
        checks.push(
          `${verdict(ratio >= 0.8)}  next start alone, ${target.label}: ${fixed(ratio, 2)}x the static page of its size at 50 connections (>= 0.8)`,
        );
      if (target.kind === 'filtered' && connections === 10) {
        const p95 = median(runs.map((run) => run.target.p95));
        checks.push(`${verdict(p95 < 100)}  next start alone, ${target.label}: p95 ${fixed(p95, 1)} ms at 10 connections (< 100)`);
      }
      if (target.kind === 'api') {
        checks.push(
          `${verdict(ratio >= 0.5)}  ${target.label}: ${fixed(ratio, 2)}x its memory twin at ${connections} connections (>= 0.5)`,
        );
        if (connections === 10) checks.push(`${verdict(p99 < 50)}  ${target.label}: p99 ${fixed(p99, 0)} ms at 10 connections (< 50)`);
      }
    }
  }
  if (rows.length)
    log(formatTable(['target', 'conns', 'req/s', 'baseline req/s', 'ratio', 'p50', 'p99', 'non-2xx', 'baseline non-2xx'], rows));

  if (orderSamples.size) {
    log(`\n== Orders (POST /api/order, 8 customers in turn; ${rounds} round(s) of ${seconds} s; medians) ==`);
    const orderRows: string[][] = [];
    for (const [name, label] of [
      ['orders-one', 'one part'],
      ['orders-spread', 'spread over 14 parts'],
    ] as const) {
      for (const connections of CONNECTIONS) {
        const runs = orderSamples.get(`${name}@${connections}`) ?? [];
        if (!runs.length) continue;
        const perSecond = median(runs.map((run) => (run.statusCounts['201'] ?? 0) / run.seconds));
        orderRows.push([
          label,
          String(connections),
          fixed(perSecond),
          fixed(median(runs.map((run) => run.p50)), 0),
          fixed(median(runs.map((run) => run.p99)), 0),
          String(runs.reduce((sum, run) => sum + (run.statusCounts['201'] ?? 0), 0)),
          statusSummary(runs),
        ]);
        if (connections === 10) {
          const goal = name === 'orders-one' ? 50 : 100;
          checks.push(`${verdict(perSecond >= goal)}  orders on ${label}: ${fixed(perSecond)}/s at 10 connections (>= ${goal})`);
        }
      }
    }
    log(formatTable(['orders', 'conns', 'created/s', 'p50', 'p99', 'created', 'not created'], orderRows));
  }

  if (burst) {
    log('\n== 200 concurrent orders on one part with stock 100 (8 customers) ==');
    const others = Object.entries(burst.otherStatuses).map(([status, count]) => `${count}x${status}`);
    log(
      `slowest answer after ${fixed(burst.maxMs, 0)} ms; created ${burst.created}, refused with 409 ${burst.refused409}, other statuses ${others.join(' ') || 'none'}, no answer within 30 s or connection error ${burst.networkErrors}`,
    );
    log(
      `stock right after the last answer ${burst.stockAfterLastAnswer ?? '?'}, 5 s later ${burst.stockAfterWait ?? '?'}; orders of the part 5 s later (GET /api/allOrder) ${burst.ordersAfterWait ?? '?'}`,
    );
    const ok =
      burst.maxMs < 10_000 &&
      burst.created === 100 &&
      burst.refused409 === 100 &&
      !others.length &&
      burst.networkErrors === 0 &&
      burst.stockAfterWait === 0 &&
      burst.stockAfterLastAnswer === 0 &&
      burst.ordersAfterWait === 100;
    checks.push(
      `${verdict(ok)}  burst: every answer within 10 s, exactly 100 created, 100 refused with 409, no errors, nothing created afterwards`,
    );
  }

  if (checkout) {
    for (const line of checkout.lines) log(line);
    checks.push(...checkout.checks);
  }

  if (firstLoad.length) {
    log('\n== First-load JavaScript (Chromium, every script until load + 1.5 s) ==');
    const baseline = firstLoad.find((entry) => entry.path === '/bench-static');
    log(
      formatTable(
        ['page', 'scripts', 'kB', 'kB gzipped', 'ratio to /bench-static'],
        firstLoad.map((entry) => [
          entry.path,
          String(entry.scripts),
          fixed(entry.rawKb),
          fixed(entry.gzipKb),
          baseline ? `${fixed(entry.gzipKb / baseline.gzipKb, 2)}x` : '-',
        ]),
      ),
    );
    const home = firstLoad.find((entry) => entry.path === '/');
    if (home && baseline)
      checks.push(
        `${verdict(home.gzipKb <= 1.1 * baseline.gzipKb)}  first-load JS of /: ${fixed(home.gzipKb / baseline.gzipKb, 2)}x the static page (<= 1.1)`,
      );
  }

  if (lighthouse.length) {
    log(
      `\n== Lighthouse (mobile; medians of ${lighthouseRounds} run(s); simulate is its default estimate, devtools applies the throttling) ==`,
    );
    const groups = new Map<string, LighthouseReport[]>();
    for (const report of lighthouse) {
      const key = `${report.path} ${report.throttling}`;
      groups.set(key, [...(groups.get(key) ?? []), report]);
    }
    const rows: string[][] = [];
    for (const runs of groups.values()) {
      const { path: page, throttling } = runs[0]!;
      const summary = summarizeLighthouse(runs);
      for (const run of runs) if (run.error) log(`${page} (${throttling}): ${run.error}`);
      rows.push([
        page,
        throttling,
        runs.map((run) => run.performance ?? '?').join(' '),
        fixed(summary.performance, 0),
        fixed(summary.accessibility, 0),
        runs.map((run) => (run.lcpMs === null ? '?' : fixed(run.lcpMs, 0))).join(' '),
        fixed(summary.lcpMs, 0),
        throttling === 'simulate' ? runs.map((run) => (run.observedLcpMs === null ? '?' : fixed(run.observedLcpMs, 0))).join(' ') : '',
      ]);
      // The home and part pages carry the shop's speed target; the list, the cart and the checkout at least 95.
      const floor = page === '/' || page.startsWith('/parts/') ? 98 : 95;
      const line = `Lighthouse ${page} (${throttling}): performance ${fixed(summary.performance, 0)} (>= ${floor}), accessibility ${fixed(summary.accessibility, 0)} (100), LCP ${fixed(summary.lcpMs, 0)} ms (< 2000)`;
      checks.push(
        throttling === 'simulate'
          ? `${verdict(summary.performance >= floor && summary.accessibility === 100 && summary.lcpMs < 2000)}  ${line}`
          : `INFO  ${line}, for comparison`,
      );
    }
    log(formatTable(['page', 'throttling', 'performance', 'median', 'accessibility', 'LCP ms', 'median', 'observed LCP ms'], rows));
    if (stalledRuns.length)
      log(
        `set aside and run again, the browser having painted only after the load event (GoogleChrome/lighthouse#17148): ${stalledRuns
          .map((run) => `${run.path} (${run.throttling}) ${lighthouseLine(run)}`)
          .join('; ')}`,
      );
  }

  if (cluster) {
    log(
      `\n== Through nginx, 2 instances (Accept-Encoding ${BROWSER_ENCODING}, 50 connections, autocannon in ${LOAD_WORKERS} worker threads; each page against its bytes as precompressed static files from the same nginx; nginx's CPU per request and the instances' share of a core read from /proc; ${rounds} round(s) of ${seconds} s; medians) ==`,
    );
    log(
      formatTable(
        [
          'page',
          'req/s',
          'static copy req/s',
          'ratio',
          'nginx µs/req',
          'static copy µs/req',
          'CPU ratio',
          'instances',
          'p50',
          'p99',
          'non-2xx',
        ],
        cluster.rows,
      ),
    );
    checks.push(...cluster.checks);
  }

  log('');
  for (const line of rssLines(sampler)) log(line);
  if (sampler) checks.push(`${verdict(sampler.peak.app < 500 * 1024 ** 2)}  app peak RSS ${mb(sampler.peak.app)} (< 500 MB)`);
  log('\n== Targets of the speed issue ==');
  for (const line of checks) log(line);
  log(`\nmachine at the end: ${machineLine()}`);
}

// ---------------------------------------------------------------------------------------------
// --scale: a large catalog prepared by `npm run seed:scale`.

function chunkRows(chunks: SitemapChunk[]): string[][] {
  return chunks.map((chunk) => [
    chunk.path,
    String(chunk.urls),
    `${chunk.first.status}`,
    fixed(chunk.first.ms, 0),
    chunk.first.cache ?? '-',
    fixed(chunk.second.ms, 0),
    chunk.second.cache ?? '-',
    fixed(chunk.first.bytes / 1024, 0),
  ]);
}

const SEARCH_TARGET = '/api/search?q=brake%20pads';
const FILTER_TARGET = '/api/search?category=brakes&inStock=true&minPrice=20&maxPrice=200&sort=price-asc';

/** Polls until the listing, a text search and the vehicle lists answer 200 (a complete index; at most 15 minutes). */
async function waitForCatalog(base: string): Promise<{ waitedMs: number; polls: number }> {
  const started = performance.now();
  for (let polls = 1; ; polls++) {
    const statuses = await Promise.all(
      ['/api/parts?limit=1', SEARCH_TARGET, '/api/vehicles'].map(async (target) => (await timedGet(base, target)).status),
    );
    if (statuses.every((status) => status === 200)) return { waitedMs: performance.now() - started, polls };
    if (performance.now() - started > 15 * 60_000) throw new Error(`the catalog still answered ${statuses.join(', ')} after 15 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The first make with parts, its first model with parts and that model's last year with parts. */
async function vehicleWithParts(base: string): Promise<{ make: string; model: string; year: number }> {
  const get = async <T>(query: string) => (await (await fetch(new URL(`/api/vehicles${query}`, base))).json()) as T;
  const { makesWithParts } = await get<{ makesWithParts: string[] }>('');
  for (const make of makesWithParts) {
    const { models } = await get<{ models: Array<{ model: string; yearsWithParts?: number[] }> }>(`?make=${encodeURIComponent(make)}`);
    const model = models.find((entry) => entry.yearsWithParts?.length);
    if (model) return { make, model: model.model, year: model.yearsWithParts!.at(-1)! };
  }
  throw new Error('No vehicle in the catalog has parts');
}

async function scaleRun(): Promise<void> {
  const dataDir = path.resolve(flags['data-dir'] ?? path.join('.data', 'scale'));
  if (!flags.url && !existsSync(dataDir))
    throw new Error(`${dataDir} does not exist: prepare it with npm run seed:scale -- --data-dir ${flags['data-dir'] ?? '.data/scale'}`);
  await maybeBuild();
  const checks: string[] = [];
  // Ready as soon as a route without data answers, so the first `/` is really the first.
  let running = await start(dataDir, '/robots.txt');
  const firsts: Array<{ label: string; status: number; ms: number }> = [];
  let restartMs: number | null = null;
  try {
    if (wanted('first-page')) {
      const first = await timedGet(running.base, '/');
      firsts.push({ label: 'first / after start', status: first.status, ms: first.ms });
      if (running.server) {
        running.sampler?.stop();
        await running.server.stop();
        running = await start(dataDir, '/robots.txt');
        const again = await timedGet(running.base, '/');
        firsts.push({ label: 'first / after a restart', status: again.status, ms: again.ms });
        restartMs = (running.server?.readySeconds ?? 0) * 1000 + again.ms;
      }
      const warm = await timedGet(running.base, '/');
      firsts.push({ label: 'next /', status: warm.status, ms: warm.ms });
    }
    const { base, sampler } = running;
    // A large catalog's search index may still be loading: the listings answer 503 until it is, search until it is complete.
    const catalogReady = await waitForCatalog(base);
    log(
      `[bench] the listing, search and vehicle lists answered after ${fixed(catalogReady.waitedMs / 1000, 1)} s more (${catalogReady.polls} polls)`,
    );

    let orders: Awaited<ReturnType<typeof sequentialOrders>> | null = null;
    if (wanted('order-latency')) {
      // A server elsewhere (--url) keeps its mail elsewhere: its customer stays unverified (10 orders are within the guest limits).
      const mailbox = running.server ? mailDirMailbox(path.join(dataDir, 'mail')) : null;
      const [customer] = await newCustomers(base, 1, Date.now().toString(36), mailbox);
      orders = await sequentialOrders(base, customer!, await orderablePart(base), 10);
    }

    // The catalog issue's page targets: the first request after the start, then the median of 5.
    const pageTargets: Array<{ path: string; limitMs: number; first: number; median: number; status: number }> = [];
    if (wanted('catalog')) {
      const admin = await signIn(base, BENCH_ADMIN);
      const targets = [
        { path: '/parts', limitMs: 300 },
        { path: '/categories/brakes', limitMs: 300 },
        { path: '/api/parts?page=500', limitMs: 200 },
        { path: '/dashboard/manageProducts', limitMs: 500, headers: { cookie: admin.cookie } },
      ];
      for (const target of targets) {
        const first = await timedGet(base, target.path, target.headers);
        const next: number[] = [];
        for (let i = 0; i < 5; i++) next.push((await timedGet(base, target.path, target.headers)).ms);
        pageTargets.push({ path: target.path, limitMs: target.limitMs, first: first.ms, median: median(next), status: first.status });
      }
    }

    // The vehicle selector's three lists and a vehicle's listing, for the first make, model and year with parts.
    const selector: Array<{ path: string; first: number; median: number; status: number }> = [];
    let vehiclePath: string | null = null;
    if (wanted('vehicles')) {
      const vehicle = await vehicleWithParts(base);
      const lists = ['/api/vehicles', `/api/vehicles?make=${encodeURIComponent(vehicle.make)}`];
      lists.push(`${lists[1]}&model=${encodeURIComponent(vehicle.model)}`);
      for (const list of lists) {
        const first = await timedGet(base, list);
        const next: number[] = [];
        for (let i = 0; i < 5; i++) next.push((await timedGet(base, list)).ms);
        selector.push({ path: list, first: first.ms, median: median(next), status: first.status });
      }
      vehiclePath = `/parts/search?${new URLSearchParams({ make: vehicle.make, model: vehicle.model, year: String(vehicle.year) })}`;
    }

    let sitemap: Awaited<ReturnType<typeof measureSitemap>> | null = null;
    if (wanted('sitemap')) sitemap = await measureSitemap(base);

    const loads: Array<{ path: string; result: LoadResult; peak: RssFigures | null }> = [];
    if (wanted('load')) {
      // A large catalog's idle read is slower: "settled" means within 3x of it again.
      let idle = Number.POSITIVE_INFINITY;
      for (let i = 0; i < 3; i++) idle = Math.min(idle, (await timedGet(base, '/api/parts?limit=1')).ms);
      for (const target of ['/api/parts?page=500', '/', SEARCH_TARGET, FILTER_TARGET, ...(vehiclePath ? [vehiclePath] : [])]) {
        const window = sampler?.window() ?? null;
        const result = await runLoad({ base, path: target, connections: 10, seconds });
        const waited = await settle(base, { quickMs: Math.max(200, 3 * idle) });
        if (waited > 1) log(`[bench] waited ${waited.toFixed(1)} s for the server to finish the ${target} run's requests`);
        if (window) sampler?.close(window);
        loads.push({ path: target, result, peak: window ? { ...window.peak } : null });
      }
    }

    log(`\n== Large catalog (${dataDir}) ==`);
    for (const first of firsts) log(`${first.label.padEnd(26)} ${first.status}  ${fixed(first.ms, 0)} ms`);
    const cold = firsts.filter((first) => first.label.startsWith('first'));
    if (cold.length)
      checks.push(
        `${verdict(cold.every((first) => first.status === 200 && first.ms < 1000))}  first / after a (re)start: ${cold.map((first) => `${fixed(first.ms, 0)} ms`).join(', ')} (< 1000)`,
      );
    if (restartMs !== null)
      checks.push(
        `${verdict(restartMs < 10_000)}  restart to a serving shop (ready, then the first /): ${fixed(restartMs / 1000, 1)} s (< 10)`,
      );
    if (selector.length) {
      log('\nvehicle selector lists (ms; median of the 5 requests after the first):');
      log(
        formatTable(
          ['path', 'status', 'first', 'median'],
          selector.map((t) => [t.path, String(t.status), fixed(t.first, 0), fixed(t.median, 0)]),
        ),
      );
      checks.push(
        `${verdict(selector.every((t) => t.status === 200 && t.median < 50))}  vehicle selector lists: median ${selector.map((t) => fixed(t.median, 0)).join(', ')} ms (< 50)`,
      );
    }
    if (orders) {
      log(
        `single order (10 one after another on part ${orders.partId}): median ${fixed(orders.medianMs, 0)} ms, max ${fixed(orders.maxMs, 0)} ms, statuses ${orders.statuses.join(' ')}`,
      );
      checks.push(
        `${verdict(orders.medianMs < 100 && orders.statuses.every((status) => status === 201))}  a single order: median ${fixed(orders.medianMs, 0)} ms (< 100)`,
      );
    }
    if (pageTargets.length) {
      log('\ncatalog pages (ms; median of the 5 requests after the first):');
      log(
        formatTable(
          ['path', 'status', 'first', 'median', 'target'],
          pageTargets.map((t) => [t.path, String(t.status), fixed(t.first, 0), fixed(t.median, 0), `< ${t.limitMs}`]),
        ),
      );
      for (const t of pageTargets)
        checks.push(`${verdict(t.status === 200 && t.median < t.limitMs)}  ${t.path}: median ${fixed(t.median, 0)} ms (< ${t.limitMs})`);
    }
    if (sitemap) {
      log('\nsitemap (times in ms; cache = x-nextjs-cache):');
      const rows = chunkRows([...(sitemap.index ? [sitemap.index] : []), ...sitemap.chunks]);
      log(formatTable(['chunk', 'urls', 'status', 'first', 'cache', 'second', 'cache', 'kB'], rows));
      const all = [...(sitemap.index ? [sitemap.index] : []), ...sitemap.chunks];
      checks.push(
        `${verdict(all.length > 0 && all.every((chunk) => chunk.first.status === 200 && chunk.first.ms < 1000 && chunk.second.cache === 'HIT'))}  sitemap: ${all.length} file(s), slowest first request ${fixed(Math.max(...all.map((chunk) => chunk.first.ms)), 0)} ms (< 1000), every second request from the cache (HIT)`,
      );
    }
    if (loads.length) {
      log(`\nload, 10 connections, ${seconds} s each:`);
      log(
        formatTable(
          ['target', 'req/s', 'p50', 'p95', 'p99', 'non-2xx', 'app peak RSS', 'db peak RSS'],
          loads.map(({ path: target, result, peak }) => [
            target,
            fixed(result.reqPerSec),
            fixed(result.p50, 0),
            fixed(result.p95, 0),
            fixed(result.p99, 0),
            statusSummary([result]),
            peak ? mb(peak.app) : '-',
            peak ? mb(peak.db) : '-',
          ]),
        ),
      );
    }
    // The text search's budget is 50 ms; the filtered listings (facets, a vehicle's parts) have 100.
    for (const { path: target, result } of loads) {
      const limit = target === SEARCH_TARGET ? 50 : target === FILTER_TARGET || target === vehiclePath ? 100 : null;
      if (limit === null) continue;
      checks.push(
        `${verdict(result.p95 < limit && result.non2xx === 0)}  ${target} at 10 connections: p95 ${fixed(result.p95, 0)} ms (< ${limit})`,
      );
    }
    if (running.server) {
      // The last build in this server's log (the restart's, when there was one).
      const built = [
        ...readFileSync(running.server.logFile, 'utf8').matchAll(/\[search\] indexed (\d+) parts in (\d+) ms.*?\(heap \+(-?\d+) MB\)/g),
      ].at(-1);
      if (built) {
        log(`\nsearch index at start: ${built[1]} parts in ${built[2]} ms, heap +${built[3]} MB (approximate)`);
        checks.push(`${verdict(Number(built[2]) < 10_000)}  search index build at start: ${built[2]} ms for ${built[1]} parts (< 10000)`);
      }
    }
    log('');
    for (const line of rssLines(sampler)) log(line);
    if (sampler) {
      checks.push(`${verdict(sampler.peak.app < 500 * 1024 ** 2)}  app peak RSS ${mb(sampler.peak.app)} (< 500 MB)`);
      checks.push(`${verdict(sampler.peak.db < 2 * 1024 ** 3)}  database peak RSS ${mb(sampler.peak.db)} (< 2 GB)`);
    }
    log('\n== Targets of the speed issue (large catalog) ==');
    for (const line of checks) log(line);
    log(`\nmachine at the end: ${machineLine()}`);
  } finally {
    running.sampler?.stop();
    await running.server?.stop();
  }
}

// ---------------------------------------------------------------------------------------------
// --import: a supplier's files at scale through the import API.

const IMPORT_HEAP_MB = '768';

async function importRun(): Promise<void> {
  const dir = path.resolve(flags['import-dir'] ?? path.join(os.tmpdir(), 'partsmart-import-bench'));
  await ensureImportFiles(dir, log);
  await maybeBuild();
  const dataDir = path.resolve('.data', `bench-import-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  // The default heap (SHOP_HEAP_MB 384) is sized for the 100,000-part budgets: this catalog is twice that, with 2,200,000 rows.
  const env = { ...LIFTED_HOLDS, SHOP_HEAP_MB: IMPORT_HEAP_MB };
  let running = await start(dataDir, '/api/parts?limit=1', env);
  try {
    const newest = (await (await fetch(new URL('/api/parts?limit=1', running.base))).json()) as Array<{ _id: string }>;
    const pagePath = `/parts/${newest[0]?._id ?? 'missing'}`;
    let admin = await signIn(running.base, BENCH_ADMIN);
    await saveSupplierTables(running.base, admin);
    await warm(running.base, [pagePath]);
    const figures: ImportFigures[] = [];
    const maxApps = flags['import-apps'] ? Number(flags['import-apps']) : Infinity;
    const targets = importFiles(dir).filter((target) => !target.aces || Number(/(\d+)-apps/.exec(target.file)?.[1]) <= maxApps);
    for (const [index, target] of targets.entries()) {
      const figure = await importFile(running.base, admin, target, { sampler: running.sampler, pagePath, log });
      // The server was restarted after the file before and measured under the pages: its serving peak before this file.
      if (figure.rss && figures.at(-1)?.rss?.restarted) figure.rss.serving = figures.at(-1)!.rss!.restarted;
      figures.push(figure);
      // A fitment file starts on a restarted server too: what an import leaves in the RSS is not the next one's.
      if (!(target.aces || targets[index + 1]?.aces) || !running.server || !figure.rss) continue;
      // The same catalog without the import: restarted, loaded, then under the same pages.
      running.sampler?.stop();
      await running.server.stop();
      // Up at once; its catalog may take minutes (a snapshot the import left far behind is read from the parts).
      running = await start(dataDir, '/robots.txt', env);
      const loaded = await waitForCatalog(running.base);
      log(`[bench]   restarted on the catalog it left: loaded in ${fixed(loaded.waitedMs / 1000, 1)} s`);
      await warm(running.base, [pagePath]);
      figure.rss.restarted = await servingRss(running.base, running.sampler!, pagePath);
      admin = await signIn(running.base, BENCH_ADMIN);
    }
    const { lines, checks } = importReport(figures);
    for (const line of lines) log(line);
    log('');
    for (const line of rssLines(running.sampler)) log(line);
    log('\n== Targets of the import issue ==');
    for (const line of checks) log(line);
    log(`\nmachine at the end: ${machineLine()}`);
  } finally {
    running.sampler?.stop();
    await running.server?.stop();
    if (running.server && !flags['keep-data']) rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (flags.help) {
    log(HELP);
    return;
  }
  if (
    !Number.isInteger(rounds) ||
    rounds < 1 ||
    !Number.isFinite(seconds) ||
    seconds < 1 ||
    !Number.isInteger(lighthouseRounds) ||
    lighthouseRounds < 1
  )
    throw new Error('--rounds, --duration and --lighthouse-rounds must be positive numbers');
  log(
    `[bench] ${new Date().toISOString()}: ${flags.import ? 'import' : flags.scale ? 'large catalog' : `${rounds} round(s) of ${seconds} s`}; machine: ${machineLine()}`,
  );
  if (flags.import) await importRun();
  else if (flags.scale) await scaleRun();
  else await normalRun();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
