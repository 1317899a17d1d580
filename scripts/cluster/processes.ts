import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { spawnServer } from '../app-runner';

/** A child of serve:cluster or the cluster test (Redis, an instance, nginx), logging to a file and stopped by its own pid. */
export type Managed = {
  name: string;
  child: ChildProcess;
  logFile: string;
  /** Ends the process: SIGTERM (or `signal`), SIGKILL after 10 s. */
  stop(signal?: NodeJS.Signals): Promise<void>;
};

export function tail(file: string, lines = 30): string {
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n') : '';
}

export function manage(name: string, child: ChildProcess, logFile: string): Managed {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    name,
    child,
    logFile,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** A system program: from PATH, else from the sbin directories a non-root PATH may lack (Debian puts nginx there). */
export function systemProgram(name: string): string {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin', '/sbin'];
  const found = dirs
    .filter(Boolean)
    .map((dir) => path.join(dir, name))
    .find((file) => existsSync(file));
  if (!found) throw new Error(`${name} is not installed: bash .ci/run installs it with apt-get (or install it yourself)`);
  return found;
}

function logTo(logFile: string): number {
  return openSync(logFile, 'a');
}

/** Waits until `ready` answers true, failing early when the process exits. */
export async function waitUntil(what: string, proc: Managed | null, ready: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (proc && (proc.child.exitCode !== null || proc.child.signalCode !== null)) {
      throw new Error(
        `${what}: ${proc.name} exited (${proc.child.signalCode ?? proc.child.exitCode}); the end of ${proc.logFile}:\n${tail(proc.logFile)}`,
      );
    }
    if (await ready().catch(() => false)) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what}: not ready after ${timeoutMs} ms${proc ? `; the end of ${proc.logFile}:\n${tail(proc.logFile)}` : ''}`);
}

/** redis-server on `port`, kept in memory only (a test cache: nothing saved or loaded). */
export async function startRedis(port: number, dir: string): Promise<Managed> {
  const logFile = path.join(dir, 'redis.log');
  const out = logTo(logFile);
  const child = spawn(
    systemProgram('redis-server'),
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    {
      stdio: ['ignore', out, out],
    },
  );
  closeSync(out);
  const redis = manage('redis', child, logFile);
  await waitUntil('redis-server', redis, async () => tail(logFile, 5).includes('Ready to accept connections'), 10_000);
  return redis;
}

/** One production instance (`next start`, see spawnServer) on `port`; ready when `readyPath` answers 200. */
export async function startInstance(
  name: string,
  port: number,
  env: NodeJS.ProcessEnv,
  dir: string,
  readyPath = '/api/parts?limit=1',
): Promise<Managed & { base: string; readyMs: number }> {
  const logFile = path.join(dir, `instance-${name}.log`);
  const out = logTo(logFile);
  const child = spawnServer('start', ['-p', String(port)], { env: { ...env, PORT: String(port) }, stdio: ['ignore', out, out] });
  closeSync(out);
  const instance = manage(`instance ${name}`, child, logFile);
  const base = `http://127.0.0.1:${port}`;
  const readyMs = await waitUntil(
    `instance ${name}`,
    instance,
    async () => {
      const res = await fetch(new URL(readyPath, base), { signal: AbortSignal.timeout(10_000) });
      await res.arrayBuffer();
      return res.status === 200;
    },
    180_000,
  );
  return { ...instance, base, readyMs };
}
