import path from 'node:path';
import { resolveDatabase, type RunningDatabase } from '@/lib/embedded-db';

declare global {
  var __testDatabase: RunningDatabase | undefined;
}

/** One real MongoDB-protocol server for the whole run; each test file uses its own database on it. */
export default async function globalSetup(): Promise<void> {
  const root = process.cwd();
  const db = await resolveDatabase({
    dataDir: path.join(root, '.data', `jest-${process.pid}`),
    cacheDir: path.join(root, '.cache'),
    ephemeral: true,
    log: (message) => process.stderr.write(`${message}\n`),
  });
  globalThis.__testDatabase = db;
  process.env.TEST_MONGODB_BASE_URI = db.uri;
  process.env.TEST_DB_ENGINE = db.engine;
}
