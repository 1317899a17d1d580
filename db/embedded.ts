import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * The database resolver (DESIGN.md section 3): MONGODB_URI, else mongodb-memory-server keeping its
 * data in `<dataDir>/mongo`, else FerretDB v1.24 on SQLite, else an error naming all three ways.
 * `npm run dev`, `npm start`, `npm run seed`, the jest setup and the Playwright server all use it.
 */

export type EngineName = 'external' | 'mongodb-memory-server' | 'ferretdb';

export type RunningDatabase = {
  engine: EngineName;
  uri: string;
  /** true when another process of ours already runs this data directory's server and we reuse it. */
  shared?: boolean;
  stop(): Promise<void>;
};

export type ResolveOptions = {
  /** Where the embedded servers keep their state, e.g. `.data`. */
  dataDir: string;
  /** Where a FerretDB built here is kept, e.g. `.cache`. */
  cacheDir: string;
  /** Start from an empty database and delete it on stop (tests). */
  ephemeral?: boolean;
  env?: Record<string, string | undefined>;
  log?: (message: string) => void;
};

export type ResolverSteps = {
  startMemoryServer(dbPath: string, options: ResolveOptions): Promise<RunningDatabase>;
  findFerretBinary(options: ResolveOptions): Promise<string | null>;
  buildFerret(options: ResolveOptions): Promise<string>;
  startFerret(binary: string, stateDir: string, options: ResolveOptions): Promise<RunningDatabase>;
  ping(uri: string, timeoutMs: number): Promise<void>;
};

export const FERRETDB_MODULE = 'github.com/FerretDB/FerretDB';
export const FERRETDB_VERSION = 'v1.24.2';

/**
 * Our build of FerretDB v1.24.2 carries two source edits, both in its SQLite backend, so that reads
 * by `_id` use the `_id` index as MongoDB's do (the release scans the whole table instead: its
 * pushdown compares `_ferretdb_sjson->'$._id'` while the index is on `_ferretdb_sjson->"_id"`, and
 * it pushes `_id` down only when it is the filter's single key). Results are unchanged: FerretDB
 * still applies the whole filter to what SQLite returns. The build tag names the binary, so a
 * binary built before an edit changed is rebuilt.
 */
export const FERRETDB_BUILD = `${FERRETDB_VERSION}-shop.2`;
export const FERRETDB_PATCHES: ReadonlyArray<{ file: string; from: string; to: string; count: number }> = [
  {
    file: 'internal/backends/sqlite/metadata/metadata.go',
    from: `IDColumn = DefaultColumn + "->'$._id'"`,
    to: `IDColumn = DefaultColumn + "->'_id'"`,
    count: 1,
  },
  {
    file: 'internal/backends/sqlite/collection.go',
    from: 'if params.Filter.Len() == 1 {\n\t\tv, _ := params.Filter.Get("_id")',
    // Len is nil-safe (count sends no filter); a filter with a duplicated key keeps the old path.
    to: 'if params.Filter.Len() > 0 && params.Filter.Has("_id") && func() bool { _, dup := params.Filter.FindDuplicateKey(); return !dup }() {\n\t\tv, _ := params.Filter.Get("_id")',
    count: 2,
  },
];

/** Applies the edits to a copy of the FerretDB source; refuses a source that does not read as expected. */
export function patchFerretSource(readFile: (file: string) => string, writeFile: (file: string, text: string) => void): void {
  for (const patch of FERRETDB_PATCHES) {
    const text = readFile(patch.file);
    const found = text.split(patch.from).length - 1;
    if (found !== patch.count)
      throw new Error(`FerretDB source ${patch.file}: expected ${patch.count} of the text to patch, found ${found}`);
    writeFile(patch.file, text.split(patch.from).join(patch.to));
  }
}

export class NoDatabaseError extends Error {
  override name = 'NoDatabaseError';
}

export function noDatabaseMessage(reasons: string[]): string {
  return [
    'No database is available. Choose one of these three ways:',
    '  1. set MONGODB_URI to a running MongoDB server (for example mongodb://127.0.0.1:27017/partsmart);',
    '  2. let mongodb-memory-server download MongoDB (needs access to fastdl.mongodb.org);',
    `  3. install FerretDB ${FERRETDB_VERSION}: set FERRETDB_BIN to its binary, put \`ferretdb\` on PATH, or install Go so it can be built once from the module \`${FERRETDB_MODULE}@${FERRETDB_VERSION}\` into .cache/bin.`,
    ...(reasons.length ? ['What was tried:', ...reasons.map((reason) => `  - ${reason}`)] : []),
  ].join('\n');
}

const LOCK_FILE = 'engine.json';

type EngineLock = { engine: EngineName; uri: string; pid: number };

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Another process of ours (say `npm run dev`) may already serve this data directory: reuse it. */
async function reuseRunning(lockPath: string, steps: ResolverSteps): Promise<RunningDatabase | null> {
  if (!existsSync(lockPath)) return null;
  try {
    const lock = JSON.parse(readFileSync(lockPath, 'utf8')) as EngineLock;
    if (lock.pid === process.pid || !isAlive(lock.pid)) return null;
    await steps.ping(lock.uri, 2000);
    return { engine: lock.engine, uri: lock.uri, shared: true, stop: async () => {} };
  } catch {
    return null;
  }
}

function withLock(db: RunningDatabase, lockPath: string): RunningDatabase {
  writeFileSync(lockPath, JSON.stringify({ engine: db.engine, uri: db.uri, pid: process.pid } satisfies EngineLock));
  return {
    ...db,
    stop: async () => {
      rmSync(lockPath, { force: true });
      await db.stop();
    },
  };
}

/** Picks and starts the database. Steps are injectable so the choice logic is unit-tested. */
export async function resolveDatabase(options: ResolveOptions, overrides: Partial<ResolverSteps> = {}): Promise<RunningDatabase> {
  const steps: ResolverSteps = { ...defaultSteps, ...overrides };
  const env = options.env ?? process.env;
  const log = options.log ?? ((message: string) => console.log(message));

  if (env.MONGODB_URI) {
    log('[db] using MONGODB_URI');
    return { engine: 'external', uri: env.MONGODB_URI, stop: async () => {} };
  }

  const reasons: string[] = [];
  const root = path.resolve(options.dataDir);
  if (options.ephemeral) rmSync(root, { recursive: true, force: true });

  const mongoDir = path.join(root, 'mongo');
  mkdirSync(mongoDir, { recursive: true });
  const mongoLock = path.join(mongoDir, LOCK_FILE);
  const ferretDir = path.join(root, 'ferretdb');
  mkdirSync(ferretDir, { recursive: true });
  const ferretLock = path.join(ferretDir, LOCK_FILE);

  if (!options.ephemeral) {
    const running = (await reuseRunning(mongoLock, steps)) ?? (await reuseRunning(ferretLock, steps));
    if (running) {
      log(`[db] reusing the ${running.engine} server already started for ${root}`);
      return running;
    }
  }

  if (env.EMBEDDED_DB !== 'ferretdb') {
    try {
      const db = await steps.startMemoryServer(mongoDir, options);
      log(`[db] started mongodb-memory-server (data in ${mongoDir})`);
      return withLock(db, mongoLock);
    } catch (error) {
      const reason = `mongodb-memory-server: ${(error as Error).message}`;
      reasons.push(reason);
      log(`[db] ${reason}; trying FerretDB`);
    }
  }

  let binary: string | null = null;
  try {
    binary = await steps.findFerretBinary(options);
    if (!binary) {
      log(`[db] FerretDB not found; building it once with Go into ${path.join(options.cacheDir, 'bin')} (about a minute)`);
      binary = await steps.buildFerret(options);
    }
  } catch (error) {
    reasons.push(`FerretDB: ${(error as Error).message}`);
  }
  if (binary) {
    try {
      const db = await steps.startFerret(binary, ferretDir, options);
      log(`[db] started FerretDB ${FERRETDB_VERSION} with SQLite (data in ${ferretDir})`);
      return withLock(db, ferretLock);
    } catch (error) {
      reasons.push(`FerretDB (${binary}): ${(error as Error).message}`);
    }
  }
  throw new NoDatabaseError(noDatabaseMessage(reasons));
}

// ---------------------------------------------------------------------------------------------
// The real steps.

const execFileAsync = promisify(execFile);

async function ping(uri: string, timeoutMs: number): Promise<void> {
  const { default: mongoose } = await import('mongoose');
  const client = new mongoose.mongo.MongoClient(uri, { serverSelectionTimeoutMS: timeoutMs, connectTimeoutMS: timeoutMs });
  try {
    await client.connect();
    await client.db('admin').command({ ping: 1 });
  } finally {
    await client.close().catch(() => {});
  }
}

async function waitForPing(uri: string, deadlineMs: number, isDead: () => string | null): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    const dead = isDead();
    if (dead) throw new Error(dead);
    try {
      await ping(uri, 1000);
      return;
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`the server did not answer a ping within ${deadlineMs / 1000} s (${(lastError as Error)?.message})`);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function canReach(url: string, timeoutMs: number): Promise<string | null> {
  try {
    await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(timeoutMs) });
    return null;
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return cause?.code ?? cause?.message ?? (error as Error).message;
  }
}

async function startMemoryServer(dbPath: string, options: ResolveOptions): Promise<RunningDatabase> {
  const core = await import('mongodb-memory-server-core');
  const { MongoBinaryDownloadUrl } = await import('mongodb-memory-server-core/lib/util/MongoBinaryDownloadUrl');
  const { getOS } = await import('mongodb-memory-server-core/lib/util/getos');
  const { resolveConfig, ResolveConfigVariables, DEFAULT_VERSION } = await import('mongodb-memory-server-core/lib/util/resolveConfig');
  const version = resolveConfig(ResolveConfigVariables.VERSION) ?? DEFAULT_VERSION;
  const local = await core.DryMongoBinary.locateBinary({ version });
  if (!local) {
    // Probe the download first, so that a machine without internet falls through within seconds.
    const url = await new MongoBinaryDownloadUrl({ platform: os.platform(), arch: os.arch(), version, os: await getOS() }).getDownloadUrl();
    const failure = await canReach(url, 5000);
    if (failure) throw new Error(`MongoDB ${version} is not downloaded and ${new URL(url).host} cannot be reached (${failure})`);
  }
  const server = await core.MongoMemoryServer.create({
    instance: { dbPath, storageEngine: 'wiredTiger', ip: '127.0.0.1' },
  });
  return {
    engine: 'mongodb-memory-server',
    uri: server.getUri(),
    stop: async () => {
      await server.stop({ doCleanup: Boolean(options.ephemeral), force: Boolean(options.ephemeral) });
    },
  };
}

function lookPath(command: string, env: Record<string, string | undefined>): string | null {
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, command);
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

async function worksAsFerret(binary: string): Promise<boolean> {
  try {
    const { stdout } = await execFileAsync(binary, ['--version'], { timeout: 15000 });
    return stdout.includes('version:');
  } catch {
    return false;
  }
}

async function findFerretBinary(options: ResolveOptions): Promise<string | null> {
  const env = options.env ?? process.env;
  if (env.FERRETDB_BIN) {
    if (!existsSync(env.FERRETDB_BIN)) throw new Error(`FERRETDB_BIN points to ${env.FERRETDB_BIN}, which does not exist`);
    return env.FERRETDB_BIN;
  }
  const onPath = lookPath('ferretdb', env);
  if (onPath) return onPath;
  const cached = path.resolve(options.cacheDir, 'bin', `ferretdb-${FERRETDB_BUILD}`);
  if (existsSync(cached) && (await worksAsFerret(cached))) return cached;
  return null;
}

/**
 * Builds FerretDB once into `<cacheDir>/bin` from the module source fetched with `go mod download`
 * (from the Go module proxy, as `go install` would), with the version file the v1.24.2 archive
 * lacks (without it the binary panics at start) and the edits of FERRETDB_PATCHES.
 */
async function buildFerret(options: ResolveOptions): Promise<string> {
  const env = options.env ?? process.env;
  const go = lookPath('go', env);
  if (!go) throw new Error('Go is not installed, so FerretDB cannot be built');
  const binDir = path.resolve(options.cacheDir, 'bin');
  mkdirSync(binDir, { recursive: true });
  const binary = path.join(binDir, `ferretdb-${FERRETDB_BUILD}`);
  const goEnv = { ...process.env, ...env, GOFLAGS: '-buildvcs=false', CGO_ENABLED: env.CGO_ENABLED ?? '0' };
  const timeout = 15 * 60 * 1000;

  const { stdout } = await execFileAsync(go, ['mod', 'download', '-json', `${FERRETDB_MODULE}@${FERRETDB_VERSION}`], {
    env: goEnv,
    timeout,
    maxBuffer: 10 * 1024 * 1024,
  });
  const moduleDir = (JSON.parse(stdout) as { Dir?: string }).Dir;
  if (!moduleDir) throw new Error('go mod download did not return the FerretDB source');
  const source = path.resolve(options.cacheDir, `ferretdb-src-${FERRETDB_VERSION}`);
  rmSync(source, { recursive: true, force: true });
  cpSync(moduleDir, source, { recursive: true });
  // The module cache is read-only; the copy must be writable to add the version file.
  execFileSync('chmod', ['-R', 'u+w', source]);
  writeFileSync(path.join(source, 'build', 'version', 'version.txt'), `${FERRETDB_VERSION}\n`);
  patchFerretSource(
    (file) => readFileSync(path.join(source, file), 'utf8'),
    (file, text) => writeFileSync(path.join(source, file), text),
  );
  await execFileAsync(go, ['build', '-trimpath', '-o', binary, './cmd/ferretdb'], { cwd: source, env: goEnv, timeout });
  rmSync(source, { recursive: true, force: true });
  if (!(await worksAsFerret(binary))) throw new Error(`the FerretDB built at ${binary} does not start`);
  return binary;
}

async function startFerret(binary: string, stateDir: string, options: ResolveOptions): Promise<RunningDatabase> {
  mkdirSync(stateDir, { recursive: true });
  const port = await freePort();
  const logFd = openSync(path.join(stateDir, 'ferretdb.log'), 'a');
  const child: ChildProcess = spawn(
    binary,
    [
      '--handler=sqlite',
      // WAL with synchronous=NORMAL: a commit is not fsynced on its own; the WAL is synced at each
      // checkpoint. A killed FerretDB or app loses nothing acknowledged; only a crash of the machine
      // itself can lose the last commits, as MongoDB's default write concern allows too (its journal
      // is synced every 100 ms). `npm run bench` placed 20 to 25% more orders/s than with FULL.
      `--sqlite-url=file:${stateDir}/?_pragma=synchronous(normal)`,
      `--state-dir=${stateDir}`,
      '--telemetry=disable',
      '--debug-addr=-',
      `--listen-addr=127.0.0.1:${port}`,
      '--log-level=warn',
    ],
    { stdio: ['ignore', logFd, logFd], detached: false },
  );
  let exited: string | null = null;
  child.on('exit', (code, signal) => {
    exited = `FerretDB exited (${signal ?? code}); see ${path.join(stateDir, 'ferretdb.log')}`;
  });
  child.on('error', (error) => {
    exited = `FerretDB could not start: ${error.message}`;
  });
  const uri = `mongodb://127.0.0.1:${port}/`;
  try {
    await waitForPing(uri, 30000, () => exited);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          resolve();
        }, 5000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      });
    }
    if (options.ephemeral) rmSync(stateDir, { recursive: true, force: true });
  };
  return { engine: 'ferretdb', uri, stop };
}

const defaultSteps: ResolverSteps = { startMemoryServer, findFerretBinary, buildFerret, startFerret, ping };

/** A database URI with the database name set (each jest file gets its own database). */
export function withDatabaseName(uri: string, name: string): string {
  const url = new URL(uri);
  url.pathname = `/${name}`;
  return url.toString();
}
