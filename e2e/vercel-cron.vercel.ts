import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { Types } from 'mongoose';
import { latestMailTo } from '../tests/helpers/mailbox';
import { E2E_ACCOUNTS, E2E_MAILBOX } from './config';
import { allPartsViaApi, apiAs, createPartViaApi, placeOrderViaApi, seededPartId, signInViaApi, withShopDb } from './helpers';

/** VERCEL=1, no timers: an order's email goes out after its response; the timers' work waits for the job routes to be called. */
const SECRET = process.env.E2E_CRON_SECRET ?? '';
const asCron = { authorization: `Bearer ${SECRET}` };
/** A stored document as this test writes it, straight into the collection. */
type Doc = { _id: unknown; [field: string]: unknown };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForMail(to: string, subject: RegExp, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const message = latestMailTo(E2E_MAILBOX, to, subject);
    if (message || Date.now() > until) return message;
    await sleep(100);
  }
}

test.beforeAll(() => {
  expect(SECRET, 'run with --config playwright.vercel.config.ts').not.toBe('');
});

test("sends an order's email right after the response", async ({ baseURL }) => {
  const api = await apiAs(baseURL!);
  await signInViaApi(api, E2E_ACCOUNTS.customer);
  const orderId = await placeOrderViaApi(api, await seededPartId(api), 2);
  const { number } = (await (await api.get(`/api/order/${orderId}`)).json()) as { number: string };

  // No sender runs here (the next test shows it): only after() can have sent it.
  const mail = await waitForMail(E2E_ACCOUNTS.customer.email, new RegExp(`Order ${number} is booked`), 10_000);
  expect(mail, `the booking email of ${number}`).toBeDefined();
  const stored = await withShopDb((db) =>
    db.collection<{ _id: string; state: string }>('outboxmessages').findOne({ _id: `${orderId}:placed` }),
  );
  expect(stored?.state).toBe('sent');
});

test('leaves due mail to the outbox job, which sends it once called with the secret', async ({ request }) => {
  const to = `vercel-cron-${Date.now().toString(36)}@example.com`;
  const key = `vercel-e2e-${new Types.ObjectId().toString()}:placed`;
  const now = new Date();
  // A message whose sending after its response was lost (the function was stopped in between).
  await withShopDb(async (db) => {
    await db.collection<Doc>('outboxdues').insertOne({ _id: key, attempt: 0, dueAt: now, createdAt: now });
    await db.collection<Doc>('outboxmessages').insertOne({
      _id: key,
      to,
      subject: 'Left for Vercel Cron',
      text: 'Sent by the outbox job.',
      html: '<p>Sent by the outbox job.</p>',
      state: 'pending',
      attempts: 0,
      createdAt: now,
    });
  });

  // A Node host's sender would have sent it within 5 s; here nothing runs between requests.
  await sleep(7000);
  expect(latestMailTo(E2E_MAILBOX, to)).toBeUndefined();
  const refused = await request.get('/api/cron/outbox', { headers: { authorization: 'Bearer not-the-secret' } });
  expect(refused.status()).toBe(401);
  await sleep(1000);
  expect(latestMailTo(E2E_MAILBOX, to)).toBeUndefined();

  const res = await request.get('/api/cron/outbox', { headers: asCron });
  expect(res.status(), await res.text()).toBe(200);
  expect(((await res.json()) as { result: { sent: number } }).result.sent).toBeGreaterThanOrEqual(1);
  expect(await waitForMail(to, /Left for Vercel Cron/, 2000)).toBeDefined();
});

test('returns the stock of an order that was never stored once the order-intents job runs', async ({ request }) => {
  const parts = await allPartsViaApi<{ _id: string; name: string; availableQuantity: number }>(request);
  const partId = new Types.ObjectId(parts.find((part) => part.availableQuantity >= 5)!._id);
  const orderId = new Types.ObjectId();
  const twoMinutesAgo = new Date(Date.now() - 120_000);
  // What a function stopped between taking an order's stock and storing the order leaves behind
  // (lib/stock/ledger.ts's move and pair, lib/orders/orders.ts's intent).
  const before = await withShopDb(async (db) => {
    const part = (await db.collection('parts').findOne({ _id: partId }))!;
    const [quantity, seq] = [part.availableQuantity as number, (part.stockSeq as number) + 1];
    await db.collection<Doc>('orderintents').insertOne({ _id: orderId, partId, quantity: 2, by: 'vercel-e2e', at: twoMinutesAgo });
    await db.collection<Doc>('stockmoves').insertOne({
      _id: `${partId.toString()}:${seq}`,
      partId,
      seq,
      delta: -2,
      reason: 'order',
      after: quantity - 2,
      orderId,
      orderKey: `${orderId.toString()}:${partId.toString()}:order`,
      by: 'vercel-e2e',
      at: twoMinutesAgo,
    });
    await db.collection('parts').updateOne({ _id: partId }, { $set: { availableQuantity: quantity - 2, stockSeq: seq } });
    return quantity;
  });

  expect((await request.get('/api/cron/order-intents')).status()).toBe(401);
  expect(await withShopDb((db) => db.collection('orderintents').countDocuments({ _id: orderId }))).toBe(1);

  const res = await request.get('/api/cron/order-intents', { headers: asCron });
  expect(res.status(), await res.text()).toBe(200);
  expect(await res.json()).toMatchObject({ job: 'order-intents', result: { returned: 1 } });
  const after = await withShopDb(async (db) => ({
    quantity: (await db.collection('parts').findOne({ _id: partId }))!.availableQuantity as number,
    cancels: await db
      .collection('stockmoves')
      .countDocuments({ orderKey: `${orderId.toString()}:${partId.toString()}:cancel`, by: 'reconciliation' }),
    intents: await db.collection('orderintents').countDocuments({ _id: orderId }),
  }));
  expect(after).toEqual({ quantity: before, cancels: 1, intents: 0 });
  const shown = (await (await request.get(`/api/parts/${partId.toString()}`)).json()) as { availableQuantity: number };
  expect(shown.availableQuantity).toBe(before);

  // Once: a second run finds nothing left to return.
  const again = await request.get('/api/cron/order-intents', { headers: asCron });
  expect(await again.json()).toMatchObject({ result: { returned: 0 } });
});

test('runs every cron of vercel.json with the secret', async ({ request }) => {
  const { crons } = JSON.parse(readFileSync('vercel.json', 'utf8')) as { crons: Array<{ path: string; schedule: string }> };
  expect(crons.length).toBeGreaterThanOrEqual(5);
  for (const cron of crons) {
    const res = await request.get(cron.path, { headers: asCron });
    expect(res.status(), `${cron.path}: ${await res.text()}`).toBe(200);
    expect(((await res.json()) as { job: string }).job).toBe(cron.path.split('/').pop());
  }
});

test('a price changed by an admin shows at once on the part page and in the API (the cache is expired)', async ({ baseURL }, testInfo) => {
  const admin = await apiAs(baseURL!);
  await signInViaApi(admin, E2E_ACCOUNTS.admin);
  const part = await createPartViaApi(admin, testInfo, { price: 12.5 });
  const visitor = await apiAs(baseURL!);
  // The offer's price in the part page's structured data.
  const pagePrice = async () => (await (await visitor.get(`/parts/${part.id}`)).text()).match(/"price":"([\d.]+)"/)?.[1];
  const apiPrice = async () => ((await (await visitor.get(`/api/parts/${part.id}`)).json()) as { price: number }).price;
  // Read twice, so that both answers come from the cache.
  for (let i = 0; i < 2; i++) {
    expect(await pagePrice()).toBe('12.50');
    expect(await apiPrice()).toBe(12.5);
  }

  const res = await admin.put(`/api/parts/${part.id}`, { data: { price: 31.75 } });
  expect(res.status(), await res.text()).toBe(200);
  expect(await pagePrice()).toBe('31.75');
  expect(await apiPrice()).toBe(31.75);
});
