import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { disconnectDb } from '@/lib/db';
import { resolveDatabase, withDatabaseName, type RunningDatabase } from '@/lib/embedded-db';
import { authSecret, dataDir } from '@/lib/env';
import { describeSeed, isDatabaseEmpty, seedDemo } from '@/lib/seed';

/** Starts the database (resolver), points the app at it and fills the settings the defaults cover. */
export async function prepareEnvironment(): Promise<RunningDatabase> {
  process.env.NEXT_TELEMETRY_DISABLED = '1';
  const db = await resolveDatabase({ dataDir: dataDir(), cacheDir: path.resolve('.cache') });
  process.env.MONGODB_URI = db.engine === 'external' ? db.uri : withDatabaseName(db.uri, 'partsmart');
  process.env.NEXTAUTH_SECRET = authSecret();
  process.env.NEXTAUTH_URL ??= `http://localhost:${process.env.PORT ?? 3000}`;
  return db;
}

/** Seeds the demo catalog and accounts when the database is empty (first start). */
export async function seedIfEmpty(): Promise<void> {
  if (await isDatabaseEmpty()) {
    console.log('[seed] empty database: adding the demo catalog and accounts');
    describeSeed(await seedDemo());
  }
  await disconnectDb();
}

/** Runs `next <command>` until it exits or we are stopped, then stops the database cleanly. */
export async function runNext(command: 'dev' | 'start', args: string[], db: RunningDatabase): Promise<never> {
  // The catalog's data cache lives as long as one server: whatever changed while the shop was
  // stopped (a seed, another database) must not be served from an earlier run's cache.
  rmSync(path.resolve('.next', 'cache', 'fetch-cache'), { recursive: true, force: true });
  const nextBin = path.resolve('node_modules', 'next', 'dist', 'bin', 'next');
  const child = spawn(process.execPath, [nextBin, command, ...args], { stdio: 'inherit', env: process.env });
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
