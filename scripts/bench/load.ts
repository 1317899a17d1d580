import autocannon from 'autocannon';
import type { IncomingHttpHeaders } from 'node:http';

/** One autocannon run and the figures the benchmark reports from it. */
export type LoadResult = {
  reqPerSec: number;
  p50: number;
  /** From every answer's time (autocannon's own percentiles stop at p90 and p97.5); NaN with workers. */
  p95: number;
  /** autocannon reports p97.5, not p95: an upper bound of the p95 the targets name. */
  p975: number;
  p99: number;
  max: number;
  total: number;
  non2xx: number;
  /** Connection errors, timeouts included. */
  errors: number;
  timeouts: number;
  /** Requests still waiting for their answer when the run ended. */
  unanswered: number;
  statusCounts: Record<string, number>;
  seconds: number;
  /** Through nginx (scripts/bench/cluster.ts): the CPU the server side used during the run. */
  serverCpu?: ServerCpu;
  /** Every answer's time in ms, with `keepTimes` (runs whose percentiles are taken together). */
  times?: number[];
};

/** nginx's CPU per answered request (ms), and the share of a core the app instances used meanwhile. */
export type ServerCpu = { nginxMsPerRequest: number; instancesCoreShare: number };

export type LoadOptions = {
  base: string;
  path: string;
  connections: number;
  seconds: number;
  method?: 'GET' | 'POST' | 'OPTIONS';
  headers?: IncomingHttpHeaders;
  /** Called for every request: answers the headers and body of that one (rotating parts and bodies). */
  perRequest?: (n: number) => { headers?: IncomingHttpHeaders; body?: string };
  /** Headers sent in turn on each connection, each request built once before the run rather than in the runner on shared cores. */
  rotate?: IncomingHttpHeaders[];
  /** One shopper's headers a connection, in turn round the list: each cart written by its own browser, as shoppers do. */
  perConnection?: IncomingHttpHeaders[];
  /** autocannon's worker threads (default: its one thread). */
  workers?: number;
  /** The body of every request (a POST's JSON). */
  body?: string;
  keepTimes?: boolean;
  /** Requests a second over all connections (autocannon's overallRate): a shop's traffic rather than as many as it answers. */
  rate?: number;
};

export async function runLoad({
  base,
  path,
  connections,
  seconds,
  method = 'GET',
  headers = {},
  perRequest,
  rotate,
  perConnection,
  workers,
  body,
  keepTimes = false,
  rate,
}: LoadOptions): Promise<LoadResult> {
  let counter = 0;
  let clients = 0;
  const options: autocannon.Options = {
    url: new URL(path, base).toString(),
    connections,
    duration: seconds,
    timeout: 10,
    method,
    headers,
    ...(body === undefined ? {} : { body }),
    ...(rate ? { overallRate: rate } : {}),
    ...(workers ? { workers } : {}),
    ...(perConnection?.length
      ? {
          setupClient: (client: { setHeaders: (headers: IncomingHttpHeaders) => void }) =>
            client.setHeaders({ ...headers, ...perConnection[clients++ % perConnection.length] }),
        }
      : {}),
    requests: perRequest
      ? [
          {
            method,
            path,
            setupRequest: (request) => {
              const extra = perRequest(counter++);
              return { ...request, headers: { ...request.headers, ...extra.headers }, body: extra.body ?? request.body };
            },
          },
        ]
      : rotate?.map((extra) => ({ method, path, headers: { ...headers, ...extra }, ...(body === undefined ? {} : { body }) })),
  };
  // Every answer's time in ms (worker threads do not report them here).
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, done) => (error ? reject(error) : resolve(done)));
    instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  });
  const statusCounts: Record<string, number> = {};
  for (const [status, stats] of Object.entries(result.statusCodeStats ?? {})) statusCounts[status] = stats.count ?? 0;
  return {
    reqPerSec: result.requests.average,
    // No answer at all: no latency to report (rather than autocannon's zeros).
    p50: result.requests.total ? result.latency.p50 : Number.NaN,
    p95: times.length ? percentileOf(times, 95) : Number.NaN,
    p975: result.requests.total ? result.latency.p97_5 : Number.NaN,
    p99: result.requests.total ? result.latency.p99 : Number.NaN,
    max: result.requests.total ? result.latency.max : Number.NaN,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    unanswered: Math.max(0, result.requests.sent - result.requests.total),
    statusCounts,
    seconds: result.duration,
    ...(keepTimes ? { times } : {}),
  };
}

/** The p-th percentile (nearest rank) of some values. */
export function percentileOf(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : Number.NaN;
}

/** A target's run and its baseline's runs just before and just after it. */
export type Sandwich<T> = { item: T; target: LoadResult; before: LoadResult; after: LoadResult };

/** Each item between two runs of its baseline (B T B T B): their mean cancels drift; a target's leftovers land in its own ratio. */
export async function sandwiched<T extends { baseline: string }>(
  items: T[],
  runBaseline: (path: string) => Promise<LoadResult>,
  runTarget: (item: T) => Promise<LoadResult>,
  measured: (sandwich: Sandwich<T>) => void = () => {},
): Promise<Array<Sandwich<T>>> {
  const sandwiches: Array<Sandwich<T>> = [];
  let last: { path: string; run: LoadResult } | null = null;
  for (const item of items) {
    const before = last?.path === item.baseline ? last.run : await runBaseline(item.baseline);
    const target = await runTarget(item);
    const after = await runBaseline(item.baseline);
    last = { path: item.baseline, run: after };
    const sandwich = { item, target, before, after };
    sandwiches.push(sandwich);
    measured(sandwich);
  }
  return sandwiches;
}

/** The baseline's req/s for a sandwiched target: the mean of its runs before and after. */
export function baselineRate(sandwich: Pick<Sandwich<unknown>, 'before' | 'after'>): number {
  return (sandwich.before.reqPerSec + sandwich.after.reqPerSec) / 2;
}

/** Waits until a database read is quick again, so requests a run left unanswered do not weigh on the next; answers the seconds. */
export async function settle(base: string, { probe = '/api/parts?limit=1', quickMs = 200, maxSeconds = 60 } = {}): Promise<number> {
  const started = performance.now();
  let quick = 0;
  while (quick < 2 && performance.now() - started < maxSeconds * 1000) {
    const t0 = performance.now();
    try {
      const res = await fetch(new URL(probe, base), { signal: AbortSignal.timeout(maxSeconds * 1000) });
      await res.arrayBuffer();
      quick = performance.now() - t0 < quickMs ? quick + 1 : 0;
    } catch {
      quick = 0;
    }
    if (quick < 2) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return (performance.now() - started) / 1000;
}

export function median(values: number[]): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** A plain text table with right-aligned figures, for a terminal or a pasted report. */
export function formatTable(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

export function fixed(value: number, digits = 1): string {
  return Number.isFinite(value) ? value.toFixed(digits) : '-';
}
