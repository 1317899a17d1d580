import { existsSync, mkdirSync, openAsBlob, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SEED } from '../demo-supplier/data';
import { DEMO_FILES, SCALE, scaleAcesFile, writeScale } from '../demo-supplier/write';
import type { Session } from './accounts';
import { fixed, formatTable, percentileOf, runLoad, settle, type LoadResult } from './load';
import { mb, type RssSampler } from './rss';

/** The `--import` run: the large synthetic supplier through the import API (issue 46, item 10), timed, with the app's RSS and the pages meanwhile. */

type ImportFormat = 'pies' | 'aces' | 'vcdb';
type ImportState = 'queued' | 'validating' | 'validated' | 'applying' | 'applied' | 'failed' | 'cancelled';
type ImportCounts = { read: number; add: number; change: number; remove: number; unchanged: number; rejected: number };
type ImportStatus = {
  id: string;
  state: ImportState;
  progress?: { done: number; total?: number };
  counts?: ImportCounts;
  rejected?: Array<{ record: string; reason: string }>;
  error?: string;
};

export type ImportFile = { label: string; file: string; format: ImportFormat; aces?: boolean };

export type ImportFigures = ImportFile & {
  bytes: number;
  counts: ImportCounts;
  validateSeconds: number;
  applySeconds: number;
  /** The app's RSS (next start) before, at its peak during, and after the import; null with --url. `serving`: the same
   * server's peak under the same pages just before the file (restarted on the catalog the file starts from); `restarted`:
   * its peak under the same pages once restarted on the catalog the import left (what holding that catalog costs without
   * any import). */
  rss: { before: number; peak: number; after: number; serving?: number; restarted?: number } | null;
  /** Every part page answer's time during the import, in ms. */
  pageTimes: number[];
  pageErrors: number;
};

/** The supplier's files, in the order they load: vehicles, parts, then the 70 MB and the 700 MB fitment files. */
export function importFiles(dir: string): ImportFile[] {
  return [
    { label: 'VCdb (20,000 base vehicles)', file: path.join(dir, DEMO_FILES.vcdb), format: 'vcdb' },
    { label: 'PIES (200,000 parts)', file: path.join(dir, DEMO_FILES.pies), format: 'pies' },
    ...SCALE.apps.map((apps) => ({
      label: `ACES (${apps.toLocaleString('en')} Apps)`,
      file: path.join(dir, scaleAcesFile(apps)),
      format: 'aces' as const,
      aces: true,
    })),
  ];
}

/** Written last: a set interrupted while being written is written again rather than imported. */
const COMPLETE = 'complete.json';

/** Writes the supplier's files into `dir` unless a complete set of this seed and size is there from an earlier run. */
export async function ensureImportFiles(dir: string, log: (line: string) => void): Promise<void> {
  const stamp = JSON.stringify({ seed: SEED, ...SCALE });
  const marker = path.join(dir, COMPLETE);
  if (existsSync(marker) && readFileSync(marker, 'utf8') === stamp) return log(`[bench] import files already in ${dir}`);
  mkdirSync(dir, { recursive: true });
  rmSync(marker, { force: true });
  const started = performance.now();
  log(`[bench] writing the large synthetic supplier into ${dir} (about 900 MB)...`);
  await writeScale(dir, log);
  writeFileSync(marker, stamp);
  log(`[bench] written in ${fixed((performance.now() - started) / 1000)} s`);
}

/** The supplier's brand, part type and position tables (the demo supplier's: the large one shares its brand ids), as an admin
 * saves them. */
export async function saveSupplierTables(base: string, admin: Session): Promise<void> {
  const tables = JSON.parse(readFileSync(path.join('db', 'demo-supplier', 'tables.json'), 'utf8')) as {
    brands: Record<string, string>;
    categories: Record<string, string>;
    positions: Record<string, string>;
    priceType: string;
  };
  const body = JSON.stringify({
    priceType: tables.priceType,
    brands: Object.entries(tables.brands).map(([aaiaId, brand]) => ({ aaiaId, brand })),
    categories: Object.entries(tables.categories).map(([partTypeId, category]) => ({ partTypeId: Number(partTypeId), category })),
    positions: Object.entries(tables.positions).map(([positionId, name]) => ({ positionId: Number(positionId), name })),
  });
  const res = await fetch(new URL('/api/admin/import-mappings', base), {
    method: 'PUT',
    headers: { cookie: admin.cookie, origin: base, 'content-type': 'application/json' },
    body,
  });
  if (!res.ok) throw new Error(`PUT /api/admin/import-mappings answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
}

async function call(base: string, admin: Session, method: 'GET' | 'POST', route: string, body?: FormData): Promise<ImportStatus> {
  const res = await fetch(new URL(route, base), { method, headers: { cookie: admin.cookie, origin: base }, body });
  const text = await res.text();
  // A route missing from the build answers Next's 404 page; the API's own 404 (an unknown import) is JSON.
  if (res.status === 404 && !res.headers.get('content-type')?.includes('json'))
    throw new Error(`${method} ${route} answered 404 with a page: the import API of issue 46 (item 10) is not in this build`);
  if (res.status >= 300) throw new Error(`${method} ${route} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as ImportStatus;
}

/** Uploads the file as a stream from disk (multipart `file` and `format`; a PIES file's prices are its RET ones). */
async function upload(base: string, admin: Session, { file, format }: ImportFile): Promise<string> {
  const form = new FormData();
  form.set('format', format);
  if (format === 'pies') form.set('priceType', 'RET');
  form.set('file', await openAsBlob(file), path.basename(file));
  return (await call(base, admin, 'POST', '/api/admin/imports', form)).id;
}

/** Polls the import until it reaches `state`, logging its progress every 30 s; a failed or cancelled import ends the run. */
async function until(base: string, admin: Session, id: string, state: ImportState, log: (line: string) => void): Promise<ImportStatus> {
  const started = performance.now();
  let logged = started;
  for (;;) {
    const status = await call(base, admin, 'GET', `/api/admin/imports/${id}`);
    if (status.state === state) return status;
    if (status.state === 'failed' || status.state === 'cancelled')
      throw new Error(`import ${id} ended ${status.state}: ${status.error ?? JSON.stringify(status.rejected?.slice(0, 3) ?? [])}`);
    if (performance.now() - logged > 30_000) {
      logged = performance.now();
      const { done = 0, total } = status.progress ?? {};
      const rate = done / ((logged - started) / 1000);
      log(`[bench]   ${status.state}: ${done}${total ? ` of ${total}` : ''} records, ${fixed(rate, 0)} records/s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Loads the part page with a few shoppers in 5 s runs until stopped: the shop's answers while the import runs. */
/** Part pages a second while an import runs: a busy shop's traffic (72,000 pages an hour), not as many as it can answer,
 * which on 2 cores leaves the import no CPU and measures neither. */
export const PAGES_PER_SECOND = 20;

function pageLoad(base: string, pagePath: string): { stop(): Promise<LoadResult[]> } {
  let stopped = false;
  const runs: LoadResult[] = [];
  const loop = (async () => {
    while (!stopped)
      runs.push(await runLoad({ base, path: pagePath, connections: 4, seconds: 5, keepTimes: true, rate: PAGES_PER_SECOND }));
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      return runs;
    },
  };
}

const NO_COUNTS: ImportCounts = { read: 0, add: 0, change: 0, remove: 0, unchanged: 0, rejected: 0 };

/** Uploads, waits for the validation, applies and waits for the end: the two steps' times and the applied counts. */
async function validateAndApply(base: string, admin: Session, target: ImportFile, log: (line: string) => void) {
  const started = performance.now();
  log(`[bench] importing ${target.label}: ${path.basename(target.file)}, ${mb(statSync(target.file).size)}`);
  const id = await upload(base, admin, target);
  const validated = await until(base, admin, id, 'validated', log);
  const validateSeconds = (performance.now() - started) / 1000;
  log(`[bench]   validated in ${fixed(validateSeconds)} s: ${JSON.stringify(validated.counts)}`);
  await call(base, admin, 'POST', `/api/admin/imports/${id}/apply`);
  const applied = await until(base, admin, id, 'applied', log);
  const applySeconds = (performance.now() - started) / 1000 - validateSeconds;
  log(`[bench]   applied in ${fixed(applySeconds)} s: ${JSON.stringify(applied.counts)}`);
  return { counts: applied.counts ?? validated.counts ?? NO_COUNTS, validateSeconds, applySeconds };
}

type Memory = { heapUsed: number; heapTotal: number; external: number; young: number; execArgv?: string[] };

/** The server's heap every second (a benchmark route): what of its RSS is the JavaScript heap, used and reserved, and its young generation. */
function heapWatch(base: string): { stop(): Promise<{ first: Memory | null; peak: Memory; last: Memory | null }> } {
  let stopped = false;
  let first: Memory | null = null;
  let last: Memory | null = null;
  const peak: Memory = { heapUsed: 0, heapTotal: 0, external: 0, young: 0 };
  const loop = (async () => {
    while (!stopped) {
      const read = (await fetch(new URL('/api/bench-memory/process', base))
        .then((res) => (res.ok ? res.json() : null))
        .catch(() => null)) as (Omit<Memory, 'young'> & { spaces?: Record<string, number> }) | null;
      const memory: Memory | null = read && { ...read, young: read.spaces?.new_space ?? 0 };
      if (memory) {
        first ??= memory;
        last = memory;
        for (const key of ['heapUsed', 'heapTotal', 'external', 'young'] as const) peak[key] = Math.max(peak[key], memory[key]);
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      return { first, peak, last };
    },
  };
}

/** The app's RSS at its peak while it answers the part page at the import's pace for 30 s (a server just restarted on a
 * catalog: what holding it costs, to tell from what an import adds to it). The first 30 s of pages are not measured: a
 * load leaves its garbage for V8 to collect (a peak some 200 MB over the same server a few seconds later). */
export async function servingRss(base: string, sampler: RssSampler, pagePath: string): Promise<number> {
  await runLoad({ base, path: pagePath, connections: 4, seconds: 30, rate: PAGES_PER_SECOND });
  const window = sampler.window();
  await runLoad({ base, path: pagePath, connections: 4, seconds: 30, rate: PAGES_PER_SECOND });
  sampler.close(window);
  return window.peak.app;
}

/** One file through the API, with the app's RSS (before, peak, after) and the part page's answers meanwhile. */
export async function importFile(
  base: string,
  admin: Session,
  target: ImportFile,
  options: { sampler: RssSampler | null; pagePath: string; log: (line: string) => void },
): Promise<ImportFigures> {
  const { sampler, pagePath, log } = options;
  sampler?.sample();
  const before = sampler?.current.app ?? 0;
  const window = sampler?.window() ?? null;
  const pages = pageLoad(base, pagePath);
  const heap = heapWatch(base);
  let steps: Awaited<ReturnType<typeof validateAndApply>>;
  let runs: LoadResult[];
  try {
    steps = await validateAndApply(base, admin, target, log);
  } finally {
    runs = await pages.stop();
    if (window) sampler?.close(window);
    const { first, peak, last } = await heap.stop();
    if (first && last)
      log(
        `[bench]   server heap used ${mb(first.heapUsed)} -> peak ${mb(peak.heapUsed)} -> ${mb(last.heapUsed)}; heap reserved peak ${mb(peak.heapTotal)} (young generation ${mb(peak.young)}); external peak ${mb(peak.external)}; Node.js flags: ${first.execArgv?.join(' ') || 'none'}`,
      );
  }
  await settle(base);
  sampler?.sample();
  return {
    ...target,
    ...steps,
    bytes: statSync(target.file).size,
    rss: sampler && window ? { before, peak: window.peak.app, after: sampler.current.app } : null,
    pageTimes: runs.flatMap((run) => run.times ?? []),
    pageErrors: runs.reduce((sum, run) => sum + run.non2xx + run.errors, 0),
  };
}

const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
const minutes = (seconds: number) => `${fixed(seconds / 60)} min`;

/** The table of the run and the issue's targets: 20 minutes for the 700 MB supplier, 200 MB of RSS per file, pages p95 under 300 ms. */
export function importReport(figures: ImportFigures[]): { lines: string[]; checks: string[] } {
  const rows = figures.map((f) => [
    f.label,
    mb(f.bytes),
    String(f.counts.read),
    String(f.counts.rejected),
    fixed(f.validateSeconds),
    fixed(f.applySeconds),
    fixed(f.counts.read / f.validateSeconds, 0),
    fixed(f.counts.read / f.applySeconds, 0),
    f.rss ? mb(f.rss.before) : '-',
    f.rss ? mb(f.rss.peak) : '-',
    f.rss ? mb(f.rss.after) : '-',
    f.rss ? mb(f.rss.peak - f.rss.before) : '-',
    f.rss?.serving ? mb(f.rss.serving) : '-',
    f.rss?.restarted ? mb(f.rss.restarted) : '-',
    fixed(percentileOf(f.pageTimes, 95), 0),
    `${f.pageTimes.length}${f.pageErrors ? ` (${f.pageErrors} failed)` : ''}`,
  ]);
  const header = ['file', 'size', 'records', 'rejected', 'validate s', 'apply s', 'validated/s', 'applied/s'];
  const lines = [
    `\n== Import of the large synthetic supplier (part pages at ${PAGES_PER_SECOND} a second meanwhile) ==`,
    formatTable([...header, 'app RSS before', 'peak', 'after', 'peak extra', 'serving before', 'restarted', 'page p95 ms', 'pages'], rows),
    '(serving before: the peak of the same server under the same pages for 30 s just before the file, restarted on the catalog it',
    'starts from; restarted: the same on a server restarted on the catalog the file left)',
  ];
  const seconds = (f: ImportFigures) => f.validateSeconds + f.applySeconds;
  const supplier = figures.filter((f) => !f.aces || f.counts.read === SCALE.apps.at(-1));
  const total = supplier.reduce((sum, f) => sum + seconds(f), 0);
  const biggest = figures.some((f) => f.aces && f.counts.read === SCALE.apps.at(-1));
  const checks = biggest
    ? [`${verdict(total < 20 * 60)}  VCdb, PIES and 2,000,000 Apps validated and applied in ${minutes(total)} (< 20 min)`]
    : [`----  VCdb and PIES validated and applied in ${minutes(total)} (the 2,000,000-App file was left out: no verdict)`];
  for (const f of figures.filter((file) => file.aces && file.rss)) {
    // Over the same server's peak under the same pages before the file, where the run measured one: a moment's RSS before
    // it is wherever V8 last shrank its heap, some 100 MB either way.
    const [base, over] = f.rss!.serving
      ? [f.rss!.serving, 'over the same server serving the same pages before it']
      : [f.rss!.before, 'at its peak'];
    checks.push(
      `${verdict(f.rss!.peak - base < 200 * 1024 ** 2)}  ${f.label}, ${mb(f.bytes)}: the app's RSS +${mb(f.rss!.peak - base)} ${over} (< 200 MB)`,
    );
    if (f.rss!.restarted)
      checks.push(
        `${verdict(f.rss!.peak - f.rss!.restarted < 200 * 1024 ** 2)}  ${f.label}: its peak ${mb(f.rss!.peak - f.rss!.restarted)} over a server restarted on the catalog it left (< 200 MB)`,
      );
  }
  const times = figures.flatMap((f) => f.pageTimes);
  checks.push(
    `${verdict(percentileOf(times, 95) < 300)}  part page p95 during the imports ${fixed(percentileOf(times, 95), 0)} ms over ${times.length} answers (< 300)`,
  );
  return { lines, checks };
}
