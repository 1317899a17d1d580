import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { connectDb, disconnectDb } from '@/lib/platform/db';
import { SearchSnapshot } from '@/models';
import { prepareEnvironment, seedIfEmpty } from './app-runner';

/** A cold VERCEL=1 instance's first search (docs/operations.md): [--data-dir .data/cold-demo] [--port 3190] [--runs 3] [--query brake] */
const { values: flags } = parseArgs({
  options: {
    'data-dir': { type: 'string', default: path.join('.data', 'cold-demo') },
    port: { type: 'string', default: '3190' },
    runs: { type: 'string', default: '3' },
    query: { type: 'string', default: 'brake' },
    /** A path requested (and timed) before the search: splits the cold cost (`/robots.txt`: Next.js alone). */
    before: { type: 'string' },
    /** Every run loads the stored snapshot (the first one does not delete it). */
    'keep-snapshot': { type: 'boolean', default: false },
  },
});
const NEXT_CLI = path.resolve('node_modules', 'next', 'dist', 'bin', 'next');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** CPU time (user + system, ms) a process used so far: the machine is shared, so wall times vary with its load. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** How long a first search may answer 503 before the run gives up (a first load of 100,000 parts takes minutes). */
const LOADING_LIMIT_MS = 600_000;

/** A GET repeated while it answers 503 (each after REQUEST_SEARCH_WAIT for the index), for at most LOADING_LIMIT_MS. */
async function timed(url: string): Promise<{ status: number; ms: number; total: number; retries: number }> {
  const started = performance.now();
  for (let retries = 0; ; retries++) {
    const res = await fetch(url);
    const body = (await res.json().catch(() => ({}))) as { total?: number };
    if (res.status !== 503 || performance.now() - started > LOADING_LIMIT_MS)
      return { status: res.status, ms: performance.now() - started, total: body.total ?? -1, retries };
  }
}

type ColdRun = { upMs: number; upCpuMs: number; first: Awaited<ReturnType<typeof timed>>; firstCpuMs: number; next: number };

async function coldRun(port: number, query: string): Promise<ColdRun> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      ...(process.env.COLD_SEARCH_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.COLD_SEARCH_PROF] : []),
      NEXT_CLI,
      'start',
      '-p',
      String(port),
    ],
    {
      stdio: ['ignore', process.env.COLD_SEARCH_LOG ? 'inherit' : 'ignore', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production', VERCEL: '1', CRON_SECRET: 'measure-cold-search' },
    },
  );
  try {
    // Up: the port takes a connection (no request is made before the search, so none warms anything).
    for (;;) {
      if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode}`);
      const up = await new Promise<boolean>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.end(() => resolve(true)));
        socket.on('error', () => resolve(false));
      });
      if (up) break;
      await sleep(20);
    }
    const upMs = performance.now() - started;
    const upCpuMs = cpuMs(child.pid!);
    if (flags.before) {
      const before = await timed(`http://localhost:${port}${flags.before}`);
      console.log(`[cold-search] ${flags.before}: ${before.status} ${before.ms.toFixed(0)} ms`);
    }
    // `--query ''`: a listing (the first page of the catalog), which answers before the words are indexed.
    const url = `http://localhost:${port}/api/search?${query ? `q=${encodeURIComponent(query)}` : 'limit=20'}`;
    const first = await timed(url);
    const firstCpuMs = cpuMs(child.pid!) - upCpuMs;
    const next = (await timed(`${url}&sort=price-asc`)).ms;
    return { upMs, upCpuMs, first, firstCpuMs, next };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

async function main(): Promise<void> {
  process.env.SHOP_DATA_DIR = path.resolve(flags['data-dir']);
  process.env.PAYMENTS_PROVIDER = 'test';
  process.env.NEXTAUTH_URL = `http://localhost:${flags.port}`;
  const db = await prepareEnvironment();
  try {
    await seedIfEmpty();
    for (let run = 1; run <= Number(flags.runs); run++) {
      if (run === 1 && !flags['keep-snapshot']) {
        await connectDb();
        await SearchSnapshot.deleteMany({});
        await disconnectDb();
      }
      const { upMs, upCpuMs, first, firstCpuMs, next } = await coldRun(Number(flags.port), flags.query);
      console.log(
        `[cold-search] run ${run} (${run === 1 && !flags['keep-snapshot'] ? 'no snapshot' : 'snapshot'}): up ${upMs.toFixed(0)} ms (CPU ${upCpuMs} ms), ` +
          `first search ${first.status} ${first.ms.toFixed(0)} ms (CPU ${firstCpuMs} ms, ${first.total} hits${first.retries ? `, after ${first.retries} answers 503` : ''}), next ${next.toFixed(0)} ms; ` +
          `start to first answer ${(upMs + first.ms).toFixed(0)} ms`,
      );
    }
  } finally {
    await db.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
