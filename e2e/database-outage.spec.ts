import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { resolveDatabase, withDatabaseName, type RunningDatabase } from '../db/embedded';
import { E2E_PORT } from '../playwright.config';
import { expect, test } from './fixtures';

/**
 * While the database is down, a public page with a copy in the cache is served from it, and one
 * without answers the 503 page with Retry-After (it answered 500). The database is really stopped:
 * this file starts its own (an embedded one, never the shared e2e server's) and its own production
 * server on it (`npm start`, the demo catalog seeded), then stops the database mid-run.
 */
const PORT = E2E_PORT + 48;
const BASE = `http://localhost:${PORT}`;
const DATA_DIR = path.resolve('.data', `e2e-outage-${PORT}`);
let db: RunningDatabase | undefined;
let server: ChildProcess | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  // `env: {}`: an embedded server of this file's own, even where MONGODB_URI names a shared one.
  db = await resolveDatabase({ dataDir: DATA_DIR, cacheDir: path.resolve('.cache'), ephemeral: true, env: {}, log: () => {} });
  server = spawn('npx', ['tsx', '--conditions=react-server', 'scripts/run.ts', 'start', '--embedded', '-p', String(PORT)], {
    env: {
      ...process.env,
      MONGODB_URI: withDatabaseName(db.uri, 'partsmart'),
      SHOP_DATA_DIR: DATA_DIR,
      NEXTAUTH_URL: BASE,
      PAYMENTS_PROVIDER: 'test',
      TRUSTED_PROXY_HOPS: '1',
    },
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
    if (Date.now() > deadline) throw new Error('the server did not come up');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
});

test.afterAll(async () => {
  if (server?.pid) process.kill(-server.pid, 'SIGTERM');
  await db?.stop();
});

test('pages with a cached copy are served from it, the others answer the 503 page', async ({ request, page }) => {
  test.setTimeout(120_000);
  const parts = (await (await request.get(`${BASE}/api/parts?limit=4`)).json()) as Array<{ _id: string; name: string }>;
  expect(parts.length).toBe(4);
  const [visited, other] = parts as [(typeof parts)[number], (typeof parts)[number]];
  // Rendered once, so cached: a part page, the home page, one category and one narrowed catalog page.
  for (const pathname of [`/parts/${visited._id}`, '/', '/categories/brakes', '/parts/search?category=brakes']) {
    expect({ pathname, status: (await request.get(`${BASE}${pathname}`)).status() }).toEqual({ pathname, status: 200 });
  }

  await db!.stop();

  const cached = await request.get(`${BASE}/parts/${visited._id}`);
  expect(cached.status()).toBe(200);
  expect(await cached.text()).toContain(visited.name);
  for (const pathname of ['/', '/categories/brakes', '/parts/search?category=brakes']) {
    expect({ pathname, status: (await request.get(`${BASE}${pathname}`)).status() }).toEqual({ pathname, status: 200 });
  }

  for (const pathname of [
    `/parts/${other._id}`,
    '/categories/filters',
    '/parts/000000000000000000000001',
    '/categories/filters/search?inStock=true',
  ]) {
    const res = await request.get(`${BASE}${pathname}`);
    expect({ pathname, status: res.status(), retryAfter: res.headers()['retry-after'] }).toEqual({
      pathname,
      status: 503,
      retryAfter: '5',
    });
    const html = await res.text();
    expect(html).toContain('The shop is briefly unavailable');
    expect(html).not.toContain(other.name);
  }

  const response = await page.goto(`${BASE}/parts/${other._id}`);
  expect(response?.status()).toBe(503);
  await expect(page.getByRole('heading', { level: 1, name: 'The shop is briefly unavailable' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the shop' })).toBeVisible();
});
