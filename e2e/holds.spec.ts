import { Types } from 'mongoose';
import { STORAGE_STATE } from './config';
import { expect, test } from './fixtures';
import {
  apiAs,
  createPartViaApi,
  newCustomerApi,
  payOrderViaApi,
  placeOrderViaApi,
  registerViaApi,
  signInOnPage,
  withShopDb,
} from './helpers';

/** Unpaid holds (issue 44 A1) and merged carts (A4) as the buyer sees them: parts taken at payment, a cart over 50 lines. */

test.describe('unpaid holds', () => {
  test('an order past the hold limit says its parts are taken at payment, and takes them when paid', async ({
    page,
    baseURL,
  }, testInfo) => {
    const admin = await apiAs(baseURL!, STORAGE_STATE.admin);
    const part = await createPartViaApi(admin, testInfo, { price: 5, availableQuantity: 50 });
    const { api } = await newCustomerApi(baseURL!, testInfo, 'Holly Hold');
    await page.context().addCookies((await api.storageState()).cookies);
    const stock = async () => ((await (await api.get(`/api/parts/${part.id}`)).json()) as { availableQuantity: number }).availableQuantity;

    const held = await placeOrderViaApi(api, part.id, 10);
    expect(await stock()).toBe(40);
    const past = await placeOrderViaApi(api, part.id, 11);
    expect(await stock()).toBe(40);

    await page.goto(`/dashboard/payment/${held}`);
    await expect(page.getByTestId('hold-left')).toContainText('to keep these parts');
    await page.goto(`/dashboard/payment/${past}`);
    await expect(page.getByTestId('hold-left')).toContainText('These parts are not set aside for you: they are taken when you pay');

    await payOrderViaApi(api, past);
    expect(await stock()).toBe(29);
    await page.goto(`/dashboard/orders/${past}`);
    await expect(page.getByTestId('hold-left')).toHaveCount(0);
    await Promise.all([admin.dispose(), api.dispose()]);
  });
});

test.describe('a guest cart merged at sign-in', () => {
  test('lines that do not fit the account’s 50 wait in the guest cart, and the cart page says so', async ({ page, baseURL }, testInfo) => {
    const account = await registerViaApi(page.request, testInfo, 'Fifty Lines');
    // The account's cart already holds 50 different parts (from another device).
    const parts = (await (await page.request.get('/api/parts?limit=100')).json()) as Array<{ _id: string; minimumQuantity: number }>;
    const extra = parts.find((part) => part.minimumQuantity === 1)!._id;
    const fifty = parts.filter((part) => part._id !== extra).slice(0, 50);
    expect(fifty).toHaveLength(50);
    await withShopDb(async (db) => {
      const user = await db.collection('users').findOne({ email: account.email });
      const now = new Date();
      await db.collection('carts').insertOne({
        _id: `u:${String(user!._id)}` as never,
        lines: fifty.map((part) => ({ partId: new Types.ObjectId(part._id), quantity: 1, addedPrice: 1, addedAt: now })),
        rev: 1,
        createdAt: now,
        updatedAt: now,
      });
    });
    // As a guest in this browser: one more part.
    const added = await page.request.post('/api/cart/lines', { data: { partId: extra, quantity: 1 }, headers: { origin: baseURL! } });
    expect(added.status(), await added.text()).toBe(201);

    await signInOnPage(page, account, '/cart');
    await expect(page.getByTestId('left-in-guest-cart')).toHaveText(
      '1 part from the cart you filled before signing in did not fit: a cart holds at most 50 different parts. Remove some to bring it in.',
    );
    await expect(page.getByTestId('cart-line').filter({ visible: true })).toHaveCount(50);
  });
});
