import { spawn, spawnSync, type ChildProcess, type StdioOptions } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { resolveDatabase, withDatabaseName, type RunningDatabase } from '@/db/embedded';
import { describeSeed, isDatabaseEmpty, seedDemo } from '@/db/seed';
import { disconnectDb } from '@/lib/platform/db';
import { authSecret, dataDir, env, missingProductionSettings, resetEnv, trustedProxyHops, wholeNumber } from '@/lib/platform/env';
import { KEEP_ALIVE_MS } from './serve';

/** Fills the settings the embedded defaults cover (DESIGN.md section 3): the database, and a session secret made once. */
export async function prepareEnvironment(): Promise<RunningDatabase> {
  process.env.NEXT_TELEMETRY_DISABLED = '1';
  const db = await resolveDatabase({ dataDir: dataDir(), cacheDir: path.resolve('.cache') });
  process.env.MONGODB_URI = db.engine === 'external' ? db.uri : withDatabaseName(db.uri, 'partsmart');
  process.env.NEXTAUTH_SECRET = authSecret();
  process.env.NEXTAUTH_URL ??= `http://localhost:${env().PORT}`;
  // The settings changed under the parsed copy: parse them again.
  resetEnv();
  return db;
}

/** `npm start` without `--embedded` serves real customers: it refuses to start without its production settings. */
export function assertProductionSettings(): void {
  const missing = missingProductionSettings({ ...env(), NODE_ENV: 'production' });
  if (missing.length) {
    throw new Error(
      `Cannot start in production: set ${missing.join(', ')}. ` +
        'To try the production build on the embedded defaults instead, run `npm start -- --embedded`.',
    );
  }
}

/** Seeds the demo catalog and accounts when the database is empty (first start); `supplier`: the demo supplier too. */
export async function seedIfEmpty({ supplier = false }: { supplier?: boolean } = {}): Promise<void> {
  if (await isDatabaseEmpty()) {
    console.log(`[seed] empty database: adding the demo catalog${supplier ? ", the demo supplier's" : ''} and accounts`);
    describeSeed(await seedDemo(process.env, { supplier }));
  }
  await disconnectDb();
}

/** The heap limit: SHOP_HEAP_MB (default 384) unless NODE_OPTIONS sets one; without a limit V8 grows the heap while it has room. */
function nodeOptions(command: 'dev' | 'start', current: string | undefined): string | undefined {
  if (command !== 'start' || /--max-old-space-size/.test(current ?? '')) return current;
  const mb = Number(process.env.SHOP_HEAP_MB || 384);
  if (!Number.isInteger(mb) || mb < 128) return current;
  return [current, `--max-old-space-size=${mb}`].filter(Boolean).join(' ');
}

/**
 * How far V8 may grow the heap past what a full collection left live: SHOP_HEAP_GROWTH_PERCENT (default 10; 0: V8's own
 * factor, which reaches 2 to 4 times the live heap while a job allocates fast, as an import does). A V8 flag Node refuses in
 * NODE_OPTIONS, so it goes on the server's command line.
 */
function growthFlags(source: Partial<Record<string, string>>): string[] {
  const percent = wholeNumber(0, 400, 10).safeParse(source.SHOP_HEAP_GROWTH_PERCENT);
  return percent.success && percent.data > 0 ? [`--heap-growing-percent=${percent.data}`] : [];
}

/** The young generation's half by default: 64 MB in all, where V8's own grows to 128 MB while a job allocates fast. */
export const DEFAULT_SEMI_SPACE_MB = 32;

/**
 * The young generation's half: SHOP_SEMI_SPACE_MB (default 32; 0: V8's own, which on Node.js 24 grows to 64 MB a half
 * while a job allocates fast, as an import does, whatever the heap limit). 32 keeps an import's RSS within 200 MB of the
 * shop serving before it, where V8's own added some 100 MB more; 16 made imports slower still (docs/operations.md,
 * Imports). A `--max-semi-space-size` in NODE_OPTIONS wins.
 */
function youngFlags(source: Partial<Record<string, string>>): string[] {
  const mb = wholeNumber(0, 256, DEFAULT_SEMI_SPACE_MB).safeParse(source.SHOP_SEMI_SPACE_MB);
  if (!mb.success || mb.data === 0 || /--max-semi-space-size/.test(source.NODE_OPTIONS ?? '')) return [];
  return [`--max-semi-space-size=${mb.data}`];
}

/** The V8 flags `next start` runs with: the heap's growth and its young generation. */
export function heapFlags(command: 'dev' | 'start', source: Partial<Record<string, string>>): string[] {
  return command === 'start' ? [...growthFlags(source), ...youngFlags(source)] : [];
}

/** Next.js's command line (node_modules/.bin/next). */
const NEXT_BIN = path.resolve('node_modules', '.bin', 'next');

/** The script behind it, as Next.js's package.json names it: run by Node.js itself on any platform. */
function nextCli(): string {
  const manifest = path.resolve('node_modules', 'next', 'package.json');
  return path.resolve(path.dirname(manifest), (JSON.parse(readFileSync(manifest, 'utf8')) as { bin: { next: string } }).bin.next);
}

/** `next build` into NEXT_DIST_DIR; another directory than `.next` edits tsconfig.json and next-env.d.ts, so both are put back. */
export function buildNext(): void {
  const kept = ['tsconfig.json', 'next-env.d.ts'].map((file) => [file, existsSync(file) ? readFileSync(file, 'utf8') : null] as const);
  try {
    const result = spawnSync(NEXT_BIN, ['build'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
    if (result.status !== 0) throw new Error(`next build failed (exit ${result.status})`);
  } finally {
    for (const [file, text] of kept) {
      if (text === null) rmSync(file, { force: true });
      else writeFileSync(file, text);
    }
  }
}

/** `next dev` or `next start`; with TRUSTED_PROXY_HOPS=0, scripts/serve.ts, as `next start` trusts a client's X-Forwarded-For. */
export function spawnServer(
  command: 'dev' | 'start',
  args: string[],
  options: { env?: NodeJS.ProcessEnv; stdio?: StdioOptions } = {},
): ChildProcess {
  const source = options.env ?? process.env;
  const childEnv: NodeJS.ProcessEnv = {
    ...source,
    NODE_ENV: command === 'dev' ? 'development' : 'production',
    NODE_OPTIONS: nodeOptions(command, source.NODE_OPTIONS),
  };
  const stdio = options.stdio ?? 'inherit';
  const hops = trustedProxyHops(source);
  if (command === 'start' && hops === 0) {
    const serveScript = path.resolve('scripts', 'serve.ts');
    // tsx compiles serve.ts and its imports, then steps aside: its require hooks on Next.js's request path slow every request.
    const bootstrap = [
      "const { register } = require('tsx/cjs/api');",
      'const unregister = register();',
      `const { serve } = require(${JSON.stringify(serveScript)});`,
      'unregister();',
      'serve(process.argv.slice(1));',
    ].join(' ');
    const serveArgs = ['-e', bootstrap, '--', ...args, '--trusted-proxy-hops', String(hops)];
    return spawn(process.execPath, [...heapFlags(command, source), ...serveArgs], { stdio, env: childEnv });
  }
  const extra = command === 'start' ? ['--keepAliveTimeout', String(KEEP_ALIVE_MS)] : [];
  // `next start` leaves SIGTERM and SIGINT to the app (instrumentation.ts), which lands batched writes first.
  if (command === 'start') childEnv.NEXT_MANUAL_SIG_HANDLE = 'true';
  if (command === 'dev') return spawn(NEXT_BIN, [command, ...args], { stdio, env: childEnv });
  // Through this Node.js, so that its V8 flags reach the server (`next start` serves in the process it runs in).
  return spawn(process.execPath, [...heapFlags(command, source), nextCli(), command, ...args, ...extra], { stdio, env: childEnv });
}

/** Runs Next.js (see spawnServer) until it exits or we are stopped, then stops the database cleanly. */
export async function runNext(command: 'dev' | 'start', args: string[], db: RunningDatabase): Promise<never> {
  // The catalog's data cache lives as long as one server: whatever changed while the shop was
  // stopped (a seed, another database) must not be served from an earlier run's cache.
  rmSync(path.resolve(process.env.NEXT_DIST_DIR || '.next', 'cache', 'fetch-cache'), { recursive: true, force: true });
  const child = spawnServer(command, args);
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    if (child.exitCode === null) child.kill('SIGTERM');
    await db.stop().catch((error: unknown) => console.error('[db] stop failed:', error));
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(130));
  process.on('SIGTERM', () => void stop(143));
  child.on('exit', (code) => void stop(code ?? 0));
  return new Promise<never>(() => {});
}
