import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, cpSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { benchSeedEnv } from './accounts';

/** The benchmark build's directory (NEXT_DIST_DIR) and the settings both the build and the server read. */
export const BENCH_DIST_DIR = '.next-bench';
const BENCH_BUILD_ENV = { NEXT_DIST_DIR: BENCH_DIST_DIR, NEXT_TELEMETRY_DISABLED: '1' };

const TSX_CLI = path.resolve('node_modules', 'tsx', 'dist', 'cli.mjs');
const NEXT_BIN = path.resolve('node_modules', '.bin', 'next');

/** The benchmark's own routes (its baselines), kept out of app/: the benchmark build adds them for its build only. */
const BENCH_ROUTES = path.resolve('scripts', 'bench', 'routes');

/** The files the benchmark routes add to app/ (each path relative to app/), refusing to overwrite one that is there. */
function addBenchRoutes(): string[] {
  const added: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const from = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(from);
      else added.push(path.relative(BENCH_ROUTES, from));
    }
  };
  walk(BENCH_ROUTES);
  for (const file of added)
    if (existsSync(path.resolve('app', file))) throw new Error(`app/${file} exists: the benchmark's routes would replace it`);
  for (const file of added) cpSync(path.join(BENCH_ROUTES, file), path.resolve('app', file));
  return added;
}

/** Takes the benchmark routes out of app/ again, with the folders they alone made. */
function removeBenchRoutes(added: string[]): void {
  for (const file of added) {
    rmSync(path.resolve('app', file), { force: true });
    for (let dir = path.dirname(path.resolve('app', file)); dir !== path.resolve('app'); dir = path.dirname(dir)) {
      if (!existsSync(dir) || readdirSync(dir).length) break;
      rmSync(dir, { recursive: true });
    }
  }
}

function tail(file: string, lines = 40): string {
  if (!existsSync(file)) return '';
  return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
}

/** `next build` adds its distDir's type paths to tsconfig.json and next-env.d.ts: only the `.next-bench` entries are taken out. */
function restoreAfterBuild(snapshots: Map<string, string | null>, log: (line: string) => void): void {
  for (const [file, before] of snapshots) {
    const now = existsSync(file) ? readFileSync(file, 'utf8') : null;
    if (now === before || now === null) continue;
    if (file === 'tsconfig.json' && before !== null) {
      const config = JSON.parse(now) as { include?: string[] };
      config.include = config.include?.filter((entry) => !entry.startsWith(BENCH_DIST_DIR));
      const same = JSON.stringify(config) === JSON.stringify(JSON.parse(before));
      // Unchanged apart from our entries: the original text (formatting included); else only our entries removed.
      writeFileSync(file, same ? before : `${JSON.stringify(config, null, 2)}\n`);
    } else if (before === null) {
      rmSync(file, { force: true });
    } else {
      writeFileSync(file, before);
    }
    log(`[bench] took the benchmark build's paths out of ${file} again`);
  }
}

export type BuildReport = { seconds: number; routes: string };

/** `next build` into .next-bench with scripts/bench/routes copied into app/ for the build only; its output goes to a log file. */
export async function buildBench(logFile: string, log: (line: string) => void): Promise<BuildReport> {
  const snapshots = new Map<string, string | null>(
    ['tsconfig.json', 'next-env.d.ts'].map((file) => [file, existsSync(file) ? readFileSync(file, 'utf8') : null]),
  );
  mkdirSync(path.dirname(logFile), { recursive: true });
  const out = openSync(logFile, 'w');
  const started = performance.now();
  const added = addBenchRoutes();
  try {
    const code = await new Promise<number>((resolve, reject) => {
      const child = spawn(NEXT_BIN, ['build'], {
        stdio: ['ignore', out, out],
        env: { ...process.env, ...BENCH_BUILD_ENV },
      });
      child.on('error', reject);
      child.on('exit', (exitCode) => resolve(exitCode ?? 1));
    });
    if (code !== 0) throw new Error(`next build failed (exit ${code}); the end of ${logFile}:\n${tail(logFile)}`);
  } finally {
    removeBenchRoutes(added);
    closeSync(out);
    removeBenchRoutes(added);
    restoreAfterBuild(snapshots, log);
  }
  const output = readFileSync(logFile, 'utf8');
  const start = output.indexOf('Route (app)');
  return {
    seconds: (performance.now() - started) / 1000,
    routes: start >= 0 ? output.slice(start).trim() : '(no route table in the build output)',
  };
}

export type BenchServer = {
  base: string;
  port: number;
  /** The runner's pid (root of the process tree: tsx, the runner, next start, the database). */
  pid: number;
  logFile: string;
  readySeconds: number;
  stop(): Promise<void>;
};

export type StartOptions = { dataDir: string; port: number; readyPath: string; timeoutMs?: number; env?: Record<string, string> };

/** Starts the benchmark build through scripts/run.ts (offline gateway, fixed demo accounts); ready once `readyPath` answers 200. */
export async function startBench({ dataDir, port, readyPath, timeoutMs = 120_000, env: extra = {} }: StartOptions): Promise<BenchServer> {
  mkdirSync(dataDir, { recursive: true });
  // The catalog's data cache must not outlive a server (the runner clears .next's, not this build's).
  rmSync(path.resolve(BENCH_DIST_DIR, 'cache', 'fetch-cache'), { recursive: true, force: true });
  const logFile = path.join(dataDir, `server-${Date.now()}.log`);
  const out = openSync(logFile, 'w');
  const base = `http://localhost:${port}`;
  // The runner reads NODE_ENV as the shop's mode (`next start` sets production for the app itself).
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...BENCH_BUILD_ENV,
    ...benchSeedEnv(),
    SHOP_DATA_DIR: dataDir,
    PORT: String(port),
    NEXTAUTH_URL: base,
    PAYMENTS_PROVIDER: 'test',
    // The benchmark plays the proxy (each customer its own X-Forwarded-For), so the server is `next start` itself.
    TRUSTED_PROXY_HOPS: '1',
    // The hand-made catalog the figures have always been measured on (the embedded first start loads the supplier instead).
    SEED_SUPPLIER: '0',
    ...extra,
  };
  Reflect.deleteProperty(env, 'NODE_ENV');
  const started = performance.now();
  const child: ChildProcess = spawn(
    process.execPath,
    [TSX_CLI, '--conditions=react-server', 'scripts/run.ts', 'start', '--embedded', '-p', String(port)],
    {
      stdio: ['ignore', out, out],
      env,
      detached: true,
    },
  );
  closeSync(out);
  let exited: string | null = null;
  child.on('exit', (code, signal) => {
    exited = `the server exited (${signal ?? code})`;
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('the server did not start');

  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => {
      // The runner did not stop in time: end its whole process group (it was started detached, as its own group).
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 20_000);
    await gone;
    clearTimeout(timer);
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${exited}; the end of ${logFile}:\n${tail(logFile)}`);
    try {
      const res = await fetch(new URL(readyPath, base), { signal: AbortSignal.timeout(5000) });
      await res.arrayBuffer();
      if (res.status === 200) return { base, port, pid, logFile, readySeconds: (performance.now() - started) / 1000, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`the server did not answer ${readyPath} within ${timeoutMs / 1000} s; the end of ${logFile}:\n${tail(logFile)}`);
}
