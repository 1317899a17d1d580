import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { E2E_ACCOUNTS, E2E_CRON_SECRET, E2E_DATA_DIR, E2E_MAILBOX } from '../e2e/config';
import { buildNext, prepareEnvironment, runNext, seedIfEmpty } from './app-runner';
import { startSmtpMailbox } from './smtp-mailbox';

/** Playwright's server: the production build on a fresh embedded database, the offline gateway, local SMTP into the mailbox. */
async function startSmtpServer(mailbox: string): Promise<number> {
  mkdirSync(mailbox, { recursive: true });
  let count = 0;
  const { port } = await startSmtpMailbox((message) => {
    writeFileSync(path.join(mailbox, `${Date.now()}-${String(++count).padStart(4, '0')}.eml`), message);
  });
  return port;
}

async function main(): Promise<void> {
  const port = process.env.E2E_PORT ?? '3100';
  rmSync(E2E_DATA_DIR, { recursive: true, force: true });
  process.env.SHOP_DATA_DIR = E2E_DATA_DIR;
  process.env.PORT = port;
  process.env.NEXTAUTH_URL = `http://localhost:${port}`;
  process.env.PAYMENTS_PROVIDER = 'test';
  // No real proxy stands in front of this server: the Playwright client plays the proxy's part, sending
  // its own X-Forwarded-For per test so that each test counts as a distinct client for the rate limits.
  process.env.TRUSTED_PROXY_HOPS = '1';
  process.env.CRON_SECRET = E2E_CRON_SECRET;
  process.env.SEED_ADMIN_EMAIL = E2E_ACCOUNTS.admin.email;
  process.env.SEED_ADMIN_PASSWORD = E2E_ACCOUNTS.admin.password;
  process.env.SEED_CUSTOMER_EMAIL = E2E_ACCOUNTS.customer.email;
  process.env.SEED_CUSTOMER_PASSWORD = E2E_ACCOUNTS.customer.password;
  const smtpPort = await startSmtpServer(E2E_MAILBOX);
  process.env.EMAIL_SERVER = `smtp://127.0.0.1:${smtpPort}`;
  console.log(`[e2e] SMTP server on ${smtpPort}, mailbox ${E2E_MAILBOX}`);
  const db = await prepareEnvironment();
  await seedIfEmpty();
  // playwright.vercel.config.ts: built here, as Vercel builds (VERCEL=1, the database reachable).
  if (process.env.E2E_BUILD) buildNext();
  await runNext('start', ['-p', port], db);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
