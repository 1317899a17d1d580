import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * The production build run the way Vercel runs it: `VERCEL=1` at run time, so no timers (the test
 * calls the job routes of vercel.json with CRON_SECRET, as Vercel Cron does), on its own port and
 * data directory. `npm run test:e2e` runs it after the main run.
 */
const PORT = Number(process.env.E2E_VERCEL_PORT ?? 3190);
const DATA_DIR = '.data/e2e-vercel';
const CRON_SECRET = 'e2e-vercel-cron-secret-0123456789abcdef';
// For the tests: this file is loaded by the runner and by each worker before any test file.
process.env.E2E_DATA_DIR = DATA_DIR;
process.env.E2E_CRON_SECRET = CRON_SECRET;

export default defineConfig({
  ...base,
  testMatch: /.*\.vercel\.ts/,
  workers: 1,
  use: { ...base.use, baseURL: `http://localhost:${PORT}` },
  projects: [{ name: 'vercel' }],
  webServer: {
    command: 'npx tsx --conditions=react-server scripts/e2e-server.ts',
    url: `http://localhost:${PORT}/api/parts?limit=1`,
    timeout: 240_000,
    // Never a server started otherwise: this run needs VERCEL=1.
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(PORT), E2E_DATA_DIR: DATA_DIR, VERCEL: '1', CRON_SECRET },
  },
});
