import http from 'node:http';
import { STORAGE_STATE } from './config';
import { expect, test } from './fixtures';
import { sendChunked } from '../tests/helpers/chunked';
import { apiAs, newClientIp, registerViaApi, signInViaApi } from './helpers';

test.describe('bad requests', () => {
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

  test('a chunked 50 MB upload is refused with 413 and the shop keeps answering', async ({ baseURL }, testInfo) => {
    const api = await apiAs(baseURL!);
    await signInViaApi(api, await registerViaApi(api, testInfo, 'Upload Tester'));
    const cookie = (await api.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const boundary = 'e2e-hardening';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    // Past what nginx would pass on (6 MB) the shop answers 413 and closes; a client still writing may lose the
    // answer (TCP's race), so up to three tries.
    const upload = () =>
      sendChunked(
        `${baseURL}/api/uploads`,
        { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie, origin: baseURL!, 'x-forwarded-for': newClientIp() },
        50 * 1024 * 1024,
        head,
      );
    let answer: { status: number; body: string } | null = null;
    for (let attempt = 1; !answer; attempt++) {
      answer = await upload().catch((error: NodeJS.ErrnoException) => {
        if (attempt >= 3 || !['EPIPE', 'ECONNRESET'].includes(error.code ?? '')) throw error;
        return null;
      });
    }
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ error: 'The image is larger than 5 MB' });
    expect((await api.get('/api/parts?limit=1')).status()).toBe(200);
    await api.dispose();
  });
});
