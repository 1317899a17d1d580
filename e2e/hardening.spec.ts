import http from 'node:http';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { STORAGE_STATE } from './config';
import { asCustomer, expect, test } from './fixtures';
import { apiAs, newClientIp, placeOrderViaApi, registerViaApi, signInViaApi } from './helpers';

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

test.describe('hardening', () => {
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

  test('a malformed percent-escape answers 400 (JSON under /api, a page elsewhere), a %25 email no 500', async ({ request, baseURL }) => {
    const api = await request.get('/api/parts/%E0%A4%A');
    expect(api.status()).toBe(400);
    expect(await api.json()).toEqual({ error: 'Malformed URL' });
    const page = await request.get('/parts/%E0%A4%A');
    expect(page.status()).toBe(400);
    expect(page.headers()['content-type']).toMatch(/^text\/html/);
    expect(await page.text()).toContain('Bad request');

    const customer = await apiAs(baseURL!, STORAGE_STATE.customer);
    for (const path of ['/api/admin/%25', '/api/myProfile/%25']) {
      const res = await customer.get(path);
      expect(res.status(), path).toBeGreaterThanOrEqual(400);
      expect(res.status(), path).toBeLessThan(500);
      expect(typeof ((await res.json()) as { error?: unknown }).error).toBe('string');
    }
    await customer.dispose();
  });

  test('another method than GET or HEAD on a static file answers 405, not 500', async ({ request }) => {
    const html = await (await request.get('/')).text();
    const script = /src="(\/_next\/static\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    for (const path of [script!, '/images/hero.svg', '/logo.svg']) {
      expect([path, (await request.get(path)).status()]).toEqual([path, 200]);
      const post = await request.post(path);
      expect([path, post.status(), post.headers()['allow']]).toEqual([path, 405, 'GET, HEAD']);
    }
  });

  test('keeps an idle keep-alive connection open past the 5 s Node default (6.5 s), so a client reusing it gets an answer', async ({
    baseURL,
  }) => {
    const url = new URL(baseURL!);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status?: number; reused: boolean }>((resolve, reject) => {
        const req = http.get({ host: url.hostname, port: url.port, path: '/robots.txt', agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode, reused: req.reusedSocket }));
        });
        req.on('error', reject);
      });
    try {
      expect(await get()).toEqual({ status: 200, reused: false });
      await new Promise((resolve) => setTimeout(resolve, 6_500));
      expect(await get()).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
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

  test('a chunked 50 MB upload is refused with 413 and the shop keeps answering', async ({ baseURL }, testInfo) => {
    const api = await apiAs(baseURL!);
    await signInViaApi(api, await registerViaApi(api, testInfo, 'Upload Tester'));
    const cookie = (await api.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const boundary = 'e2e-hardening';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      let answered = false;
      const req = http.request(
        `${baseURL}/api/uploads`,
        {
          method: 'POST',
          headers: {
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'transfer-encoding': 'chunked',
            cookie,
            origin: baseURL!,
            'x-forwarded-for': newClientIp(),
          },
        },
        (res) => {
          answered = true;
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', (error) => (answered ? undefined : reject(error)));
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      let sent = 0;
      req.write(head);
      const pump = () => {
        while (!answered && sent < 50 * 1024 * 1024) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        if (!answered) req.end();
      };
      pump();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ error: 'The image is larger than 5 MB' });
    expect((await api.get('/api/parts?limit=1')).status()).toBe(200);
    await api.dispose();
  });

  test('the footer links the legal pages, each a real page in the sitemap; the rest is plain text', async ({ page, request }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const pages = [
      ['Terms of sale', '/legal/terms', 'Terms of sale'],
      ['Privacy policy', '/legal/privacy', 'Privacy policy'],
      ['Returns and warranty', '/legal/returns', 'Returns and warranty'],
      ['Shipping', '/legal/shipping', 'Shipping information'],
    ] as const;
    for (const [link, path] of pages) await expect(footer.getByRole('link', { name: link, exact: true })).toHaveAttribute('href', path);
    await expect(footer.getByRole('link', { name: 'Cookie policy' })).toHaveAttribute('href', '/legal/privacy#cookies');
    for (const text of ['Careers', 'Wholesale and workshops']) {
      await expect(footer.getByText(text, { exact: true })).toBeVisible();
      await expect(footer.getByRole('link', { name: text })).toHaveCount(0);
    }
    await footer.getByRole('link', { name: 'Returns and warranty', exact: true }).click();
    await expect(page).toHaveURL(/\/legal\/returns$/);
    for (const [, path, title] of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(title));
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy();
    }
    // The sitemap index lists its chunks; the static pages lead the first one.
    const index = await (await request.get('/sitemap.xml')).text();
    const first = /<loc>([^<]+)<\/loc>/.exec(index)?.[1];
    expect(first).toBeTruthy();
    const sitemap = await (await request.get(new URL(first!).pathname)).text();
    for (const [, path] of pages) expect(sitemap).toContain(`<loc>${new URL(first!).origin}${path}</loc>`);
  });
});

test.describe('a part that orders left below its minimum', () => {
  test.use(asCustomer);

  test('says so and disables the purchase button', async ({ page, baseURL }, testInfo) => {
    const admin = await apiAs(baseURL!, STORAGE_STATE.admin);
    const product = {
      name: `E2E below minimum ${testInfo.project.name} ${Date.now().toString(36)}`,
      price: 9.5,
      img: '/images/parts/spin-on-engine-oil-filter.svg',
      category: 'filters',
      description: 'A part made for an end-to-end test, with a description that is comfortably longer than fifty characters.',
    };
    const refused = await admin.post('/api/parts', { data: { ...product, availableQuantity: 5, minimumQuantity: 8 } });
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors.minimumQuantity).toEqual([
      'Minimum quantity cannot be more than the available quantity',
    ]);
    const created = await admin.post('/api/parts', { data: { ...product, availableQuantity: 10, minimumQuantity: 4 } });
    expect(created.status(), await created.text()).toBe(201);
    const partId = ((await created.json()) as { insertedId: string }).insertedId;
    const customer = await apiAs(baseURL!, STORAGE_STATE.customer);
    await placeOrderViaApi(customer, partId, 8);

    await page.goto(`/parts/${partId}`);
    await expect(page.getByTestId('below-minimum')).toHaveText('Only 2 left, below the minimum order of 4');
    const form = page.getByRole('form', { name: 'Purchase' });
    await expect(form.getByText('Only 2 left, below the minimum order of 4')).toBeVisible();
    await expect(form.getByRole('button', { name: 'purchase now !' })).toBeDisabled();
    await admin.dispose();
    await customer.dispose();
  });
});
