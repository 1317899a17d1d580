import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, request as playwrightRequest, type APIRequestContext, type Browser, type Page, type TestInfo } from '@playwright/test';
import type { mongo } from 'mongoose';
import { latestMailTo, linkIn } from '../tests/helpers/mailbox';
import { E2E_DATA_DIR, E2E_MAILBOX, STORAGE_STATE } from './config';

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
  // Polled: a page still navigating has no document to measure yet (the evaluation fails or reads null).
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth).catch(() => Number.NaN), { timeout: 5000 })
    .toBeLessThanOrEqual(0);
}

export const isPhone = (testInfo: TestInfo) => testInfo.project.name === 'phone';

/** Searches `text` from the navbar's box, not a suggestion: the list closed first (Escape on an empty one clears the field). */
export async function searchFromBox(page: Page, text: string): Promise<void> {
  const box = page.getByRole('combobox', { name: 'Search parts' });
  await box.fill(text);
  await expect(page.getByRole('listbox', { name: 'Suggestions' })).toBeVisible();
  await box.press('Escape');
  await box.press('Enter');
}

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

/** Signs in through the login page as a visitor does, and waits for the page it was sent on to. */
export async function signInOnPage(page: Page, account: { email: string; password: string }, callbackUrl: string): Promise<void> {
  await page.goto(`/login?callbackUrl=${encodeURIComponent(callbackUrl)}`);
  const login = page.getByRole('form', { name: 'Login' });
  await login.getByLabel('Email').fill(account.email);
  await login.getByLabel('Password', { exact: true }).fill(account.password);
  await login.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${callbackUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
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

/** An API client with a saved session (or none): it sends the shop's own Origin, as the pages do. */
export async function apiAs(baseURL: string, storageState?: string): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL, storageState, extraHTTPHeaders: { origin: baseURL, 'x-forwarded-for': newClientIp() } });
}

/** A fresh customer, registered and signed in, as an API client. */
export async function newCustomerApi(baseURL: string, testInfo: TestInfo, name = 'Test Customer') {
  const api = await apiAs(baseURL);
  const account = await registerViaApi(api, testInfo, name);
  await signInViaApi(api, account);
  return { api, account };
}

export type FitmentRow = { make: string; model: string; yearFrom: number; yearTo: number };
export type NewPart = { name?: string; price?: number; availableQuantity?: number; minimumQuantity?: number; fitment?: FitmentRow[] };

/** Adds a product through the admin API (its own, so tests running side by side never share stock). */
export async function createPartViaApi(admin: APIRequestContext, testInfo: TestInfo, part: NewPart = {}) {
  const body = {
    name: part.name ?? `E2E part ${testInfo.project.name} ${Date.now().toString(36)}`,
    price: part.price ?? 12.5,
    availableQuantity: part.availableQuantity ?? 50,
    minimumQuantity: part.minimumQuantity ?? 1,
    img: '/images/parts/spin-on-engine-oil-filter.svg',
    description: 'A part made for an end-to-end test, with a description that is comfortably longer than fifty characters.',
    ...(part.fitment ? { fitment: part.fitment } : {}),
  };
  const res = await admin.post('/api/parts', { data: body });
  expect(res.status(), await res.text()).toBe(201);
  return { id: ((await res.json()) as { insertedId: string }).insertedId, ...body };
}

export async function placeOrderViaApi(api: APIRequestContext, partId: string, quantity = 1): Promise<string> {
  const res = await api.post('/api/order', { data: { partId, address: '1 Test Street, Leeds', phone: '0113 496 0000', quantity } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { insertedId: string }).insertedId;
}

/** Pays an order through the offline gateway exactly as the payment page does (a guest's with its order link's token). */
export async function payOrderViaApi(api: APIRequestContext, orderId: string, orderToken?: string): Promise<string> {
  const headers: Record<string, string> = orderToken ? { 'x-order-token': orderToken } : {};
  const intent = (await (await api.post('/api/create-payment-intent', { data: { orderId }, headers })).json()) as { clientSecret: string };
  const confirmed = await api.post('/api/test-gateway/confirm', {
    data: { clientSecret: intent.clientSecret, number: '4242424242424242', expiry: '12/34', cvc: '123' },
    headers,
  });
  const { id } = (await confirmed.json()) as { id: string };
  const paid = await api.patch(`/api/order/${orderId}`, { data: { payment: { order: orderId, transactionId: id } }, headers });
  expect(paid.status(), await paid.text()).toBe(200);
  return id;
}

/** An order and the client that placed it: a signed-in customer's, or a guest's with its order link's token. */
export type PlacedOrder = { api: APIRequestContext; orderId: string; orderToken?: string };

/** Pays an order as its buyer, then ships it as the admin (with a carrier and tracking number when given). */
export async function shipOrderViaApi(
  admin: APIRequestContext,
  { api, orderId, orderToken }: PlacedOrder,
  shipment: { carrier?: string; trackingNumber?: string } = {},
): Promise<void> {
  await payOrderViaApi(api, orderId, orderToken);
  const shipped = await admin.put(`/api/order/${orderId}`, { data: { pending: 'shipped', ...shipment } });
  expect(shipped.status(), await shipped.text()).toBe(200);
}

/** Pays, ships and delivers (today) a placed order through the API. */
export async function deliverOrderViaApi(admin: APIRequestContext, order: PlacedOrder): Promise<void> {
  await shipOrderViaApi(admin, order);
  const delivered = await admin.put(`/api/order/${order.orderId}`, { data: { pending: 'delivered' } });
  expect(delivered.status(), await delivered.text()).toBe(200);
}

/** Places (as the signed-in customer `api`), pays, ships and delivers a one-line order through the API; answers its id. */
export async function deliveredOrderViaApi(
  admin: APIRequestContext,
  api: APIRequestContext,
  partId: string,
  quantity = 1,
): Promise<string> {
  const orderId = await placeOrderViaApi(api, partId, quantity);
  await deliverOrderViaApi(admin, { api, orderId });
  return orderId;
}

/** A guest's checkout through the API as the checkout page sends it (one line, for `vehicle` when given). */
export async function guestOrderViaApi(
  api: APIRequestContext,
  testInfo: TestInfo,
  partId: string,
  vehicle?: { year: number; make: string; model: string },
): Promise<PlacedOrder & { email: string }> {
  const line = await api.post('/api/cart/lines', {
    data: { partId, quantity: 1, ...(vehicle ? { fit: { vehicle: { ...vehicle, engine: null }, answers: [] } } : {}) },
  });
  expect(line.status(), await line.text()).toBe(201);
  const destination = { country: 'GB', postalCode: 'LS2 7HX' };
  const quote = (await (await api.post('/api/checkout/quote', { data: destination })).json()) as { methods: Array<{ id: string }> };
  const email = uniqueEmail('guest', testInfo);
  const placed = await api.post('/api/checkout', {
    data: {
      email,
      address: { name: 'Gus Guest', line1: '1 Mill Road', city: 'Leeds', ...destination },
      phone: '+44 113 496 0200',
      shippingMethod: quote.methods[0]!.id,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { orderId, orderUrl } = (await placed.json()) as { orderId: string; orderUrl: string };
  return { api, orderId, orderToken: new URL(orderUrl, 'http://shop.test').searchParams.get('t')!, email };
}

/** The e2e database (or the server at `uri`, a test's own), for setups no page offers, such as taking a role away. */
export async function withShopDb<T>(fn: (db: mongo.Db) => Promise<T>, uri?: string): Promise<T> {
  const { default: mongoose } = await import('mongoose');
  const client = new mongoose.mongo.MongoClient(uri ?? (await e2eDatabaseUri()));
  try {
    await client.connect();
    return await fn(client.db('partsmart'));
  } finally {
    await client.close();
  }
}

async function e2eDatabaseUri(): Promise<string> {
  const { readFileSync, existsSync } = await import('node:fs');
  const lock = ['ferretdb', 'mongo'].map((dir) => path.join(E2E_DATA_DIR, dir, 'engine.json')).find((file) => existsSync(file));
  if (!lock) throw new Error('the e2e database is not running');
  return (JSON.parse(readFileSync(lock, 'utf8')) as { uri: string }).uri;
}

/** The id of a seeded part: tests that need a stable part use these (no test orders, edits or deletes them). */
export async function seededPartId(request: APIRequestContext, name = 'Vented Front Brake Rotor 300 mm'): Promise<string> {
  const found = (await (await request.get(`/api/search?q=${encodeURIComponent(name)}&limit=20`)).json()) as {
    items: Array<{ _id: string; name: string }>;
  };
  const part = found.items.find((p) => p.name === name);
  if (!part) throw new Error(`seeded part ${name} not found`);
  return part._id;
}

/** Closes the open alert with OK (Enter on the button); again if the first one landed while it was still animating in. */
export async function closeAlert(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog');
  // The keyboard, as a user may: a click waits for the button to hold still two frames, which a loaded phone page may not give.
  await expect(async () => {
    if (await dialog.isVisible()) await dialog.getByRole('button', { name: 'OK' }).press('Enter', { timeout: 1000 });
    await expect(dialog).toBeHidden({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
}

/** Every part of the catalog through the spec's paged GET /api/parts (tests add parts as they run). */
export async function allPartsViaApi<T extends { _id: string; name: string }>(request: APIRequestContext): Promise<T[]> {
  const parts: T[] = [];
  for (let page = 1; ; page++) {
    const batch = (await (await request.get(`/api/parts?limit=100&page=${page}`)).json()) as T[];
    parts.push(...batch);
    if (batch.length < 100) return parts;
  }
}

/** The dashboard menu of an admin, in its order: the overview, the spec's five pages, then the shop's own. */
export const ADMIN_MENU = [
  'Overview',
  'Manage Products',
  'Manage Reviews',
  'Add Product',
  'Manage Orders',
  'Returns',
  'Fitment reviews',
  'Make Admin',
  'Audit Log',
  'Lost Demand',
  'Shipping',
  'Taxes',
  'Vehicles',
  'Discount Codes',
  'Job Kits',
  'Imports',
  'Shop Settings',
  'Import Mappings',
  'My Profile',
];

/** A second browser context signed in as the seeded admin, at the page's screen size, from its own address. */
export async function adminPage(browser: Browser, page: Page): Promise<Page> {
  const context = await browser.newContext({
    storageState: STORAGE_STATE.admin,
    viewport: page.viewportSize(),
    extraHTTPHeaders: { 'x-forwarded-for': newClientIp() },
  });
  return context.newPage();
}
