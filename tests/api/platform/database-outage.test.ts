/**
 * While the database cannot be reached, the API answers 503 with Retry-After, never 500, and answers
 * again by itself once it is back. The database is really stopped: this file starts a server of its own
 * (never the shared one of the other test files), then moves back to the shared one.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { POST as addLineRoute } from '@/app/api/cart/lines/route';
import { GET as cartRoute } from '@/app/api/cart/route';
import { POST as checkoutRoute } from '@/app/api/checkout/route';
import { POST as quoteRoute } from '@/app/api/checkout/quote/route';
import { GET as zonesRoute } from '@/app/api/admin/shipping-zones/route';
import { GET as partRoute } from '@/app/api/parts/[id]/route';
import { GET as partsRoute } from '@/app/api/parts/route';
import { GET as reviewsRoute } from '@/app/api/review/route';
import { GET as searchRoute } from '@/app/api/search/route';
import { resolveDatabase, withDatabaseName, type RunningDatabase } from '@/db/embedded';
import { CART_COOKIE } from '@/lib/cart/identity';
import { catalogSearch } from '@/lib/catalog/search';
import type { UserDTO } from '@/lib/auth/users';
import { databaseRecentlyFailed, disconnectDb, OUTAGE_AFTERMATH_MS } from '@/lib/platform/db';
import { resetEnv } from '@/lib/platform/env';
import { route } from '@/lib/platform/http';
import { searchQuerySchema } from '@/lib/validations/search';
import { callRoute } from '@/tests/helpers/api';
import { makeZone } from '@/tests/helpers/checkout';
import { makePart, makeReview, makeUser } from '@/tests/helpers/factories';

const UNAVAILABLE = 'The shop database is unavailable, please try again shortly';
const sharedUri = process.env.MONGODB_URI!;
const dataDir = path.resolve('.data', `jest-outage-${process.pid}`);
let db: RunningDatabase;
let admin: UserDTO;
let partId: string;
let cartCookie: string;
let method: string;

/** What a failed read inside `'use cache'` becomes for its caller in a production build: no name, no message, a digest. */
const renderError = () =>
  Object.assign(new Error('An error occurred in the Server Components render. The specific message is omitted in production builds.'), {
    digest: '3413681130',
  });
const failingRoute = route(async () => {
  throw renderError();
});
const GUEST = { name: 'Gina Guest', line1: '1 Mill Road', city: 'Leeds', postalCode: 'LS2 7HX', country: 'GB' };

/** Moves to another database; the index's timer, reading the log meanwhile, reconnects to the new one. */
async function useDatabase(uri: string): Promise<void> {
  process.env.MONGODB_URI = uri;
  resetEnv();
  await disconnectDb();
}

beforeAll(async () => {
  db = await resolveDatabase({
    dataDir,
    cacheDir: path.resolve('.cache'),
    ephemeral: true,
    env: { EMBEDDED_DB: process.env.TEST_DB_ENGINE === 'ferretdb' ? 'ferretdb' : undefined },
    log: () => {},
  });
  await useDatabase(withDatabaseName(db.uri, 'outage'));
  admin = await makeUser({ admin: true });
  partId = await makePart({ name: 'Outage Brake Pad Set', stock: 10 });
  await makeReview();
  method = (await makeZone({ countries: ['GB'] })).standard;
  const added = await callRoute(addLineRoute, '/api/cart/lines', { method: 'POST', body: { partId, quantity: 1 } });
  expect(added.status).toBe(201);
  cartCookie = added.headers.get('set-cookie')!.split(';')[0]!;
  expect(cartCookie.startsWith(`${CART_COOKIE}=`)).toBe(true);
  // The index loaded and complete: a request's search waits only 500 ms for it.
  await catalogSearch().search(searchQuerySchema.parse({ q: 'brake' }));
}, 120_000);

afterAll(async () => {
  await useDatabase(sharedUri);
  await db?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  jest.restoreAllMocks();
});

const calls: Array<[string, () => ReturnType<typeof callRoute>]> = [
  ['GET /api/search', () => callRoute(searchRoute, '/api/search?q=brake')],
  ['GET /api/parts', () => callRoute(partsRoute, '/api/parts?limit=5')],
  ['GET /api/parts/{id}', () => callRoute(partRoute, `/api/parts/${partId}`, { params: { id: partId } })],
  ['GET /api/review', () => callRoute(reviewsRoute, '/api/review')],
  ['GET /api/cart', () => callRoute(cartRoute, '/api/cart', { headers: { cookie: cartCookie } })],
  [
    'POST /api/checkout/quote',
    () =>
      callRoute(quoteRoute, '/api/checkout/quote', {
        method: 'POST',
        body: { country: 'GB', postalCode: 'LS2 7HX' },
        headers: { cookie: cartCookie },
      }),
  ],
  [
    'POST /api/checkout',
    () =>
      callRoute(checkoutRoute, '/api/checkout', {
        method: 'POST',
        body: { email: 'gina@example.com', address: GUEST, phone: '+44 113 496 0200', shippingMethod: method },
        headers: { cookie: cartCookie },
      }),
  ],
  ['GET /api/admin/shipping-zones', () => callRoute(zonesRoute, '/api/admin/shipping-zones', { as: admin })],
];

describe('the database stops', () => {
  it('answers normally while the database is up; an unexplained failure is a 500', async () => {
    expect((await callRoute(searchRoute, '/api/search?q=brake')).status).toBe(200);
    expect((await callRoute(cartRoute, '/api/cart', { headers: { cookie: cartCookie } })).body.count).toBe(1);
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect((await callRoute(failingRoute, '/api/x')).status).toBe(500);
    } finally {
      consoleError.mockRestore();
    }
  });

  it('stops', async () => {
    // The background work (the index following the catalog log) logs each failed attempt meanwhile.
    jest.spyOn(console, 'error').mockImplementation(() => {});
    await db.stop();
  });

  it.each(calls)('%s: 503 with Retry-After and the JSON error, quickly', async (_name, call) => {
    const started = Date.now();
    const res = await call();
    expect({ status: res.status, body: res.body, retryAfter: res.headers.get('retry-after') }).toEqual({
      status: 503,
      body: { error: UNAVAILABLE },
      retryAfter: '5',
    });
    expect(Date.now() - started).toBeLessThan(8000);
  });

  it('an unexplained failure while the database is lost is its outage: 503, not 500', async () => {
    const res = await callRoute(failingRoute, '/api/x');
    expect({ status: res.status, body: res.body, retryAfter: res.headers.get('retry-after') }).toEqual({
      status: 503,
      body: { error: UNAVAILABLE },
      retryAfter: '5',
    });
  });

  it('once a database answers again, the outage counts for OUTAGE_AFTERMATH_MS more, then a failure is a 500 again', async () => {
    await useDatabase(sharedUri);
    expect((await callRoute(partsRoute, '/api/parts?limit=1')).status).toBe(200);
    // A query cut short by the outage may reach its caller just after the driver reconnected.
    expect(databaseRecentlyFailed()).toBe(true);
    expect(databaseRecentlyFailed(Date.now() + OUTAGE_AFTERMATH_MS)).toBe(false);
  });
});
