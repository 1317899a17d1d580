import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { resolveDatabase, withDatabaseName, type RunningDatabase } from '../db/embedded';
import { E2E_PORT } from '../playwright.config';
import { expect, test } from './fixtures';
import { withShopDb } from './helpers';

/** Its own database, stopped mid-run: cached pages still served, the rest 503 with Retry-After via nginx (docs/operations.md). */
let BASE = '';
let db: RunningDatabase | undefined;
let cluster: ChildProcess | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({}, workerInfo) => {
  test.setTimeout(240_000);
  // One topology per project: desktop and phone may run this file at the same time.
  const port = E2E_PORT + (workerInfo.project.name === 'phone' ? 49 : 48);
  BASE = `http://localhost:${port}`;
  const DATA_DIR = path.resolve('.data', `e2e-outage-${port}`);
  // `env: {}`: an embedded server of this file's own, even where MONGODB_URI names a shared one.
  db = await resolveDatabase({ dataDir: DATA_DIR, cacheDir: path.resolve('.cache'), ephemeral: true, env: {}, log: () => {} });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    MONGODB_URI: withDatabaseName(db.uri, 'partsmart'),
    SHOP_DATA_DIR: DATA_DIR,
    NEXTAUTH_URL: BASE,
    PAYMENTS_PROVIDER: 'test',
  };
  // Its own Redis: never one named for the e2e server.
  delete env.REDIS_URL;
  cluster = spawn('npx', ['tsx', '--conditions=react-server', 'scripts/serve-cluster.ts', '--instances', '1', '--port', String(port)], {
    env,
    stdio: 'ignore',
    detached: true,
  });
  const deadline = Date.now() + 200_000;
  for (;;) {
    const up = await fetch(`${BASE}/api/parts?limit=1`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) break;
    if (cluster.exitCode !== null) throw new Error(`serve:cluster exited with ${cluster.exitCode}`);
    if (Date.now() > deadline) throw new Error('the cluster did not come up');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
});

/** The filters, read from the database itself (not through the app, which would cache them). */
async function filterParts(): Promise<Array<{ _id: string; name: string }>> {
  const found = await withShopDb((shop) => shop.collection('parts').find({ category: 'filters' }).project({ name: 1 }).toArray(), db!.uri);
  return found.map((part) => ({ _id: String(part._id), name: String(part.name) }));
}

test.afterAll(async () => {
  // The whole group: npx, serve:cluster and what it started (it stops them too on SIGTERM).
  if (cluster?.pid) process.kill(-cluster.pid, 'SIGTERM');
  const deadline = Date.now() + 20_000;
  while (
    Date.now() < deadline &&
    (await fetch(BASE).then(
      () => true,
      () => false,
    ))
  )
    await new Promise((resolve) => setTimeout(resolve, 250));
  await db?.stop();
});

test('pages with a cached copy are served from it, the others answer the 503 page, the API 503', async ({ request, page }) => {
  test.setTimeout(120_000);
  const parts = (await (await request.get(`${BASE}/api/parts?limit=4`)).json()) as Array<{
    _id: string;
    name: string;
    minimumQuantity: number;
  }>;
  expect(parts.length).toBe(4);
  const visited = parts[0]!;
  // Rendered once, so cached: a part page, the home page, one category and one narrowed catalog page.
  const cachedPages = [`/parts/${visited._id}`, '/', '/categories/brakes', '/parts/search?category=brakes'];
  let instance = '';
  for (const pathname of cachedPages) {
    const res = await request.get(`${BASE}${pathname}`);
    expect({ pathname, status: res.status() }).toEqual({ pathname, status: 200 });
    instance = res.headers()['x-served-by'] ?? '';
  }
  expect(instance).toMatch(/^127\.0\.0\.1:\d+$/);
  // A part nothing has read (a listed part's data is cached by its list, and its page could be rendered
  // from it): one of the filters, a category no page above shows, nor the home page nor the API's list.
  const home = await (await request.get(`${BASE}/`)).text();
  const other = (await filterParts()).find((part) => !home.includes(part.name) && !parts.some((listed) => listed._id === part._id));
  if (!other) throw new Error('every filter is on the home page');
  // A guest's cart, for the checkout below.
  const origin = { origin: BASE };
  const line = { partId: visited._id, quantity: visited.minimumQuantity };
  expect((await request.post(`${BASE}/api/cart/lines`, { headers: origin, data: line })).status()).toBe(201);

  await db!.stop();

  // The API answers 503 with Retry-After, also for a read Next.js's cache wraps (a list or a part
  // nothing asked for yet: its error reaches the route without its name).
  const unavailable = { status: 503, retryAfter: '5', body: { error: 'The shop database is unavailable, please try again shortly' } };
  const address = { name: 'Gina Guest', line1: '1 Mill Road', city: 'Leeds', postalCode: 'LS2 7HX', country: 'GB' };
  const calls = [
    () => request.get(`${BASE}/api/search?q=${encodeURIComponent(other.name)}`),
    () => request.get(`${BASE}/api/parts?limit=37`),
    () => request.get(`${BASE}/api/review?limit=7`),
    () => request.get(`${BASE}/api/parts/${other._id}`),
    () => request.get(`${BASE}/api/cart`),
    () => request.post(`${BASE}/api/checkout/quote`, { headers: origin, data: { country: 'GB', postalCode: 'LS2 7HX' } }),
    () =>
      request.post(`${BASE}/api/checkout`, {
        headers: origin,
        data: { email: 'gina@example.com', address, phone: '+44 113 496 0200', shippingMethod: '000000000000000000000001' },
      }),
  ];
  for (const call of calls) {
    const res = await call();
    expect({ url: res.url(), status: res.status(), retryAfter: res.headers()['retry-after'], body: await res.json() }).toEqual({
      url: res.url(),
      ...unavailable,
    });
  }
  // The search index is in memory: suggestions still answer.
  const suggest = await request.get(`${BASE}/api/search/suggest?q=${encodeURIComponent(other.name)}`);
  expect(suggest.status()).toBe(200);
  expect(((await suggest.json()) as { suggestions: unknown[] }).suggestions.length).toBeGreaterThan(0);

  // The app serves its own copies (asked directly, past nginx's), and so does the topology.
  for (const base of [`http://${instance}`, BASE]) {
    const cached = await request.get(`${base}/parts/${visited._id}`);
    expect({ base, status: cached.status() }).toEqual({ base, status: 200 });
    expect(await cached.text()).toContain(visited.name);
    for (const pathname of cachedPages.slice(1)) {
      expect({ base, pathname, status: (await request.get(`${base}${pathname}`)).status() }).toEqual({ base, pathname, status: 200 });
    }
  }

  const uncached = [
    `/parts/${other._id}`,
    '/categories/filters',
    '/parts/000000000000000000000001',
    '/categories/filters/search?inStock=true',
  ];
  for (const pathname of uncached) {
    const res = await request.get(`${BASE}${pathname}`);
    expect({
      pathname,
      status: res.status(),
      retryAfter: res.headers()['retry-after'],
      cacheControl: res.headers()['cache-control'],
    }).toEqual({
      pathname,
      status: 503,
      retryAfter: '5',
      cacheControl: 'no-store',
    });
    const html = await res.text();
    expect(html).toContain('The shop is briefly unavailable');
    expect(html).not.toContain(other.name);
  }
  // The app alone cannot render it: a server error, without the part, that a browser shows as the shop's message.
  const alone = await request.get(`http://${instance}/parts/${other._id}`);
  expect(alone.status()).toBe(500);
  expect(await alone.text()).not.toContain(other.name);
  await page.goto(`http://${instance}/categories/filters`);
  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();

  const response = await page.goto(`${BASE}/parts/${other._id}`);
  expect(response?.status()).toBe(503);
  await expect(page.getByRole('heading', { level: 1, name: 'The shop is briefly unavailable' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the shop' })).toBeVisible();

  // Opened as a page, the unavailable page is no 503.
  const opened = await request.get(`${BASE}/unavailable`);
  expect({ status: opened.status(), retryAfter: opened.headers()['retry-after'] }).toEqual({ status: 200, retryAfter: undefined });
});
