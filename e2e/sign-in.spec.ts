import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiAs, newClientIp, registerViaApi, signInViaApi } from './helpers';

/** An API client that counts as the client at `address` (the e2e server trusts one proxy hop: ours). */
function clientAt(baseURL: string, address: string): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': address } });
}

/** One credentials sign-in through next-auth's own endpoints, as the login form posts it. */
async function attemptSignIn(request: APIRequestContext, email: string, password: string, callbackUrl?: string) {
  const { csrfToken } = (await (await request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  return request.post('/api/auth/callback/credentials', {
    form: { email, password, csrfToken, json: 'true', ...(callbackUrl === undefined ? {} : { callbackUrl }) },
  });
}

test.describe('signing in', () => {
  test('a callbackUrl with a tab (`/\\t/evil`) lands on the shop after signing in, not on another site', async ({
    page,
    baseURL,
  }, testInfo) => {
    const account = await registerViaApi(page.request, testInfo, 'Redirect Tester');
    await page.goto('/login?callbackUrl=%2F%09%2Fevil.example%2Fphish');
    await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Email').fill(account.email);
    await form.getByLabel('Password', { exact: true }).fill(account.password);
    await form.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
  });

  test('a newline in callbackUrl posted to the credentials callback is no 500 and sends nobody elsewhere', async ({
    baseURL,
  }, testInfo) => {
    const api = await apiAs(baseURL!);
    const account = await registerViaApi(api, testInfo, 'Newline Tester');
    for (const callbackUrl of ['/\n/evil.example', '/parts\r\nSet-Cookie: x=1', 'https://evil.example/']) {
      const res = await attemptSignIn(api, account.email, account.password, callbackUrl);
      expect(res.status(), await res.text()).toBeLessThan(500);
      const { url } = (await res.json()) as { url: string };
      expect(url).toBe(`${baseURL}/`);
    }
    await api.dispose();
  });

  test('ten wrong passwords from one address lock only that address out; successes never count', async ({ baseURL }, testInfo) => {
    const owner = await apiAs(baseURL!);
    const account = await registerViaApi(owner, testInfo, 'Lockout Tester');
    const stranger = await clientAt(baseURL!, newClientIp());
    for (let i = 0; i < 10; i++) {
      const res = await attemptSignIn(stranger, account.email, `wrong-password-${i}`);
      expect(res.status(), await res.text()).not.toBe(429);
      expect(((await res.json()) as { url: string }).url).toContain('error=');
    }
    const refused = await attemptSignIn(stranger, account.email, account.password);
    expect(refused.status()).toBe(429);
    expect(((await refused.json()) as { error: string }).error).toBe('Too many sign-in attempts, please wait a few minutes and try again');

    // The owner, from their own address, signs in at once, and again and again.
    for (let i = 0; i < 12; i++) await signInViaApi(owner, account);
    await stranger.dispose();
    await owner.dispose();
  });
});
