import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

const launchOptions = {
  executablePath,
  // Without these Chromium keeps trying to reach Google's services, which this machine refuses.
  args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
};

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
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, channel: undefined },
    },
    {
      name: 'phone',
      dependencies: ['setup'],
      // The API reference (/api/docs) is a tool for developers at a desk; Scalar renders operations lazily on narrow screens.
      testIgnore: /api-reference\.spec\.ts/,
      use: { ...devices['Pixel 5'], viewport: { width: 360, height: 780 }, channel: undefined, browserName: 'chromium' },
    },
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
