import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { keepScreenshot, newClientIp, registerViaApi, waitForMailLink, withShopDb } from './helpers';

/** An API client that counts as the client at `address` (the e2e server trusts one proxy hop: ours). */
function clientAt(baseURL: string, address: string): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': address } });
}

async function csrfOf(api: APIRequestContext): Promise<string> {
  return ((await (await api.get('/api/auth/csrf')).json()) as { csrfToken: string }).csrfToken;
}

/** `count` failed sign-ins for `email` from everywhere in the last minutes, as the limits keep them. */
async function failuresFor(email: string, count: number) {
  const now = Date.now();
  await withShopDb((db) =>
    db.collection('ratelimithits').insertMany(
      Array.from({ length: count }, (_, i) => ({
        key: `signin:fail:email:${email}`,
        at: new Date(now - i * 1000),
        expiresAt: new Date(now + 3_600_000),
      })),
    ),
  );
}

test.describe('sign-in limits', () => {
  test('a body naming email twice, or JSON typed as both forms, is refused with 400 and signs nobody in', async ({ baseURL }, testInfo) => {
    const api = await clientAt(baseURL!, newClientIp());
    const account = await registerViaApi(api, testInfo, 'Repeat Tester');
    const csrfToken = await csrfOf(api);
    const repeated = await api.post('/api/auth/callback/credentials', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      data: new URLSearchParams([
        ['csrfToken', csrfToken],
        ['email', 'decoy1@x.dev'],
        ['email', account.email],
        ['password', account.password],
        ['json', 'true'],
      ]).toString(),
    });
    expect(repeated.status()).toBe(400);
    const ambiguous = await api.post('/api/auth/callback/credentials', {
      headers: { 'content-type': 'application/json; x=application/x-www-form-urlencoded' },
      data: JSON.stringify({ csrfToken, email: account.email, password: account.password, json: 'true' }),
    });
    expect(ambiguous.status()).toBe(400);
    expect(((await (await api.get('/api/auth/session')).json()) as { user?: unknown }).user).toBeUndefined();
    await api.dispose();
  });

  test('past 100 failures for an account the password alone is refused, the page says so, and the emailed link signs in', async ({
    page,
    baseURL,
  }, testInfo) => {
    const account = await registerViaApi(page.request, testInfo, 'Locked Owner');
    await failuresFor(account.email, 100);
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': newClientIp() });

    await page.goto('/login');
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Email').fill(account.email);
    await form.getByLabel('Password', { exact: true }).fill(account.password);
    await form.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(
      page.getByText(
        'Too many failed sign-ins for this account: its password alone no longer signs in. We can email you a one-time sign-in link.',
      ),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    await keepScreenshot(page, testInfo, 'login-link-offer');
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await expect(
      page.getByText('If this email has an account, a sign-in link is on its way: check your inbox or spam folder'),
    ).toBeVisible();

    const link = await waitForMailLink(account.email, /Your sign-in link/, '/login/link');
    await page.goto(link);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
    const session = (await (await page.request.get('/api/auth/session')).json()) as { user?: { email?: string } };
    expect(session.user?.email).toBe(account.email);

    // The link works once.
    await page.context().clearCookies();
    await page.goto(link);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('This link was already used, please ask for a new one')).toBeVisible();
  });
});
