import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { latestMailTo, linkIn } from '../tests/helpers/mailbox';
import { E2E_MAILBOX } from './config';

/** Signs in through next-auth's own endpoints (the same ones the login form uses); cookies land in the context. */
export async function signInViaApi(request: APIRequestContext, account: { email: string; password: string }): Promise<void> {
  const csrf = await request.get('/api/auth/csrf');
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await request.post('/api/auth/callback/credentials', {
    form: { email: account.email, password: account.password, csrfToken, json: 'true' },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const session = await (await request.get('/api/auth/session')).json();
  expect(session?.user?.email).toBe(account.email);
}

/** Keeps a full-page screenshot for review in e2e/screenshots (ignored by git). */
export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const dir = path.resolve('e2e', 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${testInfo.project.name}-${name}.png`), fullPage: true });
}

/** The page fits the viewport's width: nothing sticks out sideways. */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

export const isPhone = (testInfo: TestInfo) => testInfo.project.name === 'phone';

/** Opens the mobile menu on phones (the desktop links are hidden there). */
export async function openMenuIfPhone(page: Page, testInfo: TestInfo): Promise<void> {
  if (isPhone(testInfo)) await page.getByRole('button', { name: 'Open menu' }).click();
}

let ipCounter = 0;
/** A made-up client address: each test context stands for a different visitor behind the proxy. */
export function newClientIp(): string {
  ipCounter += 1;
  return `198.51.${100 + (process.pid % 100)}.${(ipCounter % 250) + 1}`;
}

export function uniqueEmail(prefix: string, testInfo: TestInfo): string {
  return `${prefix}-${testInfo.project.name}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`;
}

/** Registers a new customer through the API (as its own client address) and answers its credentials. */
export async function registerViaApi(request: APIRequestContext, testInfo: TestInfo, name = 'Test Customer') {
  const account = { name, email: uniqueEmail('user', testInfo), password: 'initial-pass-1' };
  const res = await request.post('/api/register', { data: account, headers: { 'x-forwarded-for': newClientIp() } });
  expect(res.status(), await res.text()).toBe(201);
  return account;
}

/** Waits for a message to `to` in the e2e SMTP mailbox and answers its first link containing `fragment`. */
export async function waitForMailLink(to: string, subject: RegExp, fragment: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const message = latestMailTo(E2E_MAILBOX, to, subject);
    if (message) return linkIn(message, fragment);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no "${subject}" email to ${to}`);
}
