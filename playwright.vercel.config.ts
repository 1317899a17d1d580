import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * The production build made and run the way Vercel does it: `VERCEL=1` for the build (into its own
 * directory, reading the database, as a Vercel build does) and at run time, so no timers (the test
 * calls the job routes of vercel.json with CRON_SECRET, as Vercel Cron does) and Next.js's own page
 * cache; on its own port and data directory. `npm run test:e2e` runs it after the main run.
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
    // The build comes first: up to 10 minutes on a busy 2-core machine.
    timeout: 900_000,
    // Never a server started otherwise: this run needs VERCEL=1.
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(PORT), E2E_DATA_DIR: DATA_DIR, VERCEL: '1', CRON_SECRET, E2E_BUILD: '1', NEXT_DIST_DIR: '.next-vercel' },
  },
});
