import path from 'node:path';

/** Shared by the e2e server script and the tests. E2E_DATA_DIR: a run's own directory (playwright.vercel.config.ts). */
export const E2E_DATA_DIR = path.resolve(process.env.E2E_DATA_DIR ?? path.join('.data', 'e2e'));
export const E2E_MAILBOX = path.join(E2E_DATA_DIR, 'smtp-inbox');
/** The e2e server's CRON_SECRET (unless the run sets its own): tests run a job through `/api/cron/{job}` as Vercel Cron does. */
export const E2E_CRON_SECRET = process.env.CRON_SECRET ?? 'e2e-cron-secret-not-for-production';

export const E2E_ACCOUNTS = {
  admin: { email: 'admin@example.com', password: 'admin-pass-123', name: 'Shop Admin' },
  customer: { email: 'customer@example.com', password: 'customer-pass-123', name: 'Demo Customer' },
} as const;

/** Saved sessions of the seeded accounts (written by auth.setup.ts). */
export const STORAGE_STATE = {
  admin: path.join(E2E_DATA_DIR, 'auth', 'admin.json'),
  customer: path.join(E2E_DATA_DIR, 'auth', 'customer.json'),
} as const;
