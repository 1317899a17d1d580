import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

const launchOptions = {
  executablePath,
  // Without these Chromium keeps trying to reach Google's services, which this machine refuses.
  args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
};

const DESKTOP = { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, channel: undefined };
const PHONE = { ...devices['Pixel 5'], viewport: { width: 360, height: 780 }, channel: undefined, browserName: 'chromium' as const };
/** The tests that measure time (see the `timing` projects). */
const TIMINGS = /search-timing\.spec\.ts/;

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // As a visitor who asks the system for less motion: dialogs open without their pop-in, so a click
    // never lands on a button still growing into place (lost twice under the whole suite's load).
    reducedMotion: 'reduce',
    launchOptions,
  },
  projects: [
    // Signs the seeded admin and customer in once and saves their sessions for the role fixtures.
    { name: 'setup', testMatch: /.*\.setup\.ts/ },
    {
      name: 'desktop',
      dependencies: ['setup'],
      testIgnore: TIMINGS,
      use: DESKTOP,
    },
    {
      name: 'phone',
      dependencies: ['setup'],
      // The API reference (/api/docs) is a tool for developers at a desk.
      testIgnore: [/api-reference\.spec\.ts/, TIMINGS],
      use: PHONE,
    },
    // The tests that time the shop run last, one at a time: on 2 cores a test doing heavy work on the
    // other worker (a product deleted and every page showing it rendered again) was measured with them.
    // Alone: `npx playwright test --no-deps e2e/search-timing.spec.ts`.
    { name: 'desktop timing', dependencies: ['desktop', 'phone'], testMatch: TIMINGS, use: DESKTOP },
    { name: 'phone timing', dependencies: ['desktop timing'], testMatch: TIMINGS, use: PHONE },
  ],
  webServer: {
    command: 'npx tsx --conditions=react-server scripts/e2e-server.ts',
    url: `http://localhost:${E2E_PORT}/api/parts?limit=1`,
    timeout: 240_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
