import path from 'node:path';
import { resolveDatabase, type RunningDatabase } from '@/db/embedded';
import { startStripeMock } from './stripe-mock';

declare global {
  var __testDatabase: RunningDatabase | undefined;
  var __stripeMock: { url: string; stop: () => void } | undefined;
}

/** One real MongoDB-protocol server for the whole run; each test file uses its own database on it. */
export default async function globalSetup(): Promise<void> {
  // The mutation run (scripts/mutation.ts) starts both servers once for its hundreds of jest runs.
  if (process.env.TEST_MONGODB_BASE_URI && process.env.STRIPE_MOCK_URL) return;
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
  // Stripe's servers are the one thing mocked: stripe-mock speaks Stripe's real API to the real SDK.
  globalThis.__stripeMock = await startStripeMock(path.join(root, '.cache'));
  process.env.STRIPE_MOCK_URL = globalThis.__stripeMock.url;
}
