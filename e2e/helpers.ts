import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';

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
