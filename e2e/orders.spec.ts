import type { Page } from '@playwright/test';
import { E2E_ACCOUNTS, STORAGE_STATE } from './config';
import { asAdmin, expect, test } from './fixtures';
import {
  apiAs,
  closeAlert,
  createPartViaApi,
  isPhone,
  keepScreenshot,
  newCustomerApi,
  payOrderViaApi,
  placeOrderViaApi,
  registerViaApi,
  seededPartId,
  signInViaApi,
} from './helpers';

/** An order in My Orders or Manage Orders: a table row from `sm` up, a card below it. */
const orderOf = (page: Page, partName: string) => page.locator('[data-order-id]:visible', { hasText: partName });

async function fillCard(page: Page, number: string) {
  const card = page.getByRole('form', { name: 'Card payment' });
  await card.getByLabel('Card number').fill(number);
  await card.getByLabel('Expiry (MM/YY)').fill('12/34');
  await card.getByLabel('CVC').fill('123');
  return card;
}

async function orderFromPartPage(page: Page, quantity?: number) {
  const form = page.getByRole('form', { name: 'Purchase' });
  await form.getByLabel('Address').fill('14 Kirkgate, Leeds LS1 6BY');
  await form.getByLabel('Phone').fill('+44 113 496 0999');
  if (quantity !== undefined) await form.getByLabel('Quantity').fill(String(quantity));
  await form.getByRole('button', { name: 'purchase now !' }).click();
  return form;
}

test.describe('a customer ordering and paying', () => {
  test('orders, sees the order, pays with 4242 4242 4242 4242 and sees Paid with the transaction id', async ({
    page,
    baseURL,
  }, testInfo) => {
    const admin = await apiAs(baseURL!, STORAGE_STATE.admin);
    const part = await createPartViaApi(admin, testInfo, { price: 12.5, availableQuantity: 50, minimumQuantity: 2 });
    const account = await registerViaApi(page.request, testInfo, 'Olivia Orders');
    await signInViaApi(page.request, account);

    await page.goto(`/parts/${part.id}`);
    const form = page.getByRole('form', { name: 'Purchase' });
    await expect(form.getByLabel('Name')).toHaveValue('Olivia Orders');
    await expect(form.getByLabel('Name')).toBeDisabled();
    await expect(form.getByLabel('Email')).toHaveValue(account.email);
    await expect(form.getByLabel('Email')).toBeDisabled();
    await expect(form.getByLabel('Quantity')).toHaveValue('2');
    await keepScreenshot(page, testInfo, 'part-purchase');
    await orderFromPartPage(page);
    await expect(page.getByText('Order is booked, please go dashboard and pay it!')).toBeVisible();
    await expect(page.getByTestId('available-quantity').filter({ visible: true })).toHaveText('48 pieces');

    await page.goto('/dashboard');
    const row = orderOf(page, part.name);
    await expect(row).toContainText('Olivia Orders');
    await expect(row).toContainText('$12.50');
    await expect(row).toContainText('$25.00');
    await expect(row.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await keepScreenshot(page, testInfo, 'my-orders');
    await row.getByRole('link', { name: 'Pay' }).click();

    await expect(page).toHaveURL(/\/dashboard\/payment\/[a-f\d]{24}$/);
    const summary = page.getByRole('region', { name: `Pay for ${part.name}` });
    for (const text of ['Olivia Orders', part.name, '$12.50', '2']) await expect(summary.getByText(text, { exact: true })).toBeVisible();
    await expect(page.getByTestId('order-total')).toHaveText('$25.00');
    const card = await fillCard(page, '4242 4242 4242 4242');
    await expect(card.getByRole('button', { name: 'Pay' })).toBeEnabled();
    await keepScreenshot(page, testInfo, 'payment');
    await card.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByRole('dialog')).toContainText('congrats! Your payment is completed');
    await closeAlert(page);
    await expect(page.getByText('Paid', { exact: true })).toBeVisible();
    await expect(page.getByText(/^pi_test_\w+$/)).toBeVisible();

    await page.goto('/dashboard');
    const paidRow = orderOf(page, part.name);
    await expect(paidRow.getByText('Paid', { exact: true })).toBeVisible();
    await expect(paidRow.getByText(/^pi_test_\w+$/)).toBeVisible();
    await expect(paidRow.getByRole('link', { name: 'Pay' })).toHaveCount(0);
    await expect(paidRow.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  });

  test('after ordering, the page keeps the order number and a Pay link; the same order again asks first; 1229 is 12/29', async ({
    page,
    baseURL,
  }, testInfo) => {
    const admin = await apiAs(baseURL!, STORAGE_STATE.admin);
    const part = await createPartViaApi(admin, testInfo, { price: 7.5, availableQuantity: 30 });
    const account = await registerViaApi(page.request, testInfo, 'Twice Clicker');
    await signInViaApi(page.request, account);
    const orderCount = async () =>
      ((await (await page.request.get(`/api/order?email=${encodeURIComponent(account.email)}`)).json()) as unknown[]).length;

    await page.goto(`/parts/${part.id}`);
    const form = await orderFromPartPage(page);
    await expect(page.getByText('Order is booked, please go dashboard and pay it!')).toBeVisible();
    const placed = form.getByRole('status', { name: 'Order placed' });
    await expect(placed).toContainText(/^Order PM-\d+ is booked and waiting for payment\./);
    const number = /PM-\d+/.exec((await placed.textContent())!)![0];
    // The spec's toast leaves after 3 s; the confirmation stays.
    await expect(page.getByText('Order is booked, please go dashboard and pay it!')).toBeHidden({ timeout: 6000 });
    await expect(placed).toBeVisible();
    await keepScreenshot(page, testInfo, 'order-placed');

    // The same order again within a minute asks first: No places nothing.
    await form.getByRole('button', { name: 'purchase now !' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Order this again?');
    await expect(dialog).toContainText(`less than a minute ago (order ${number})`);
    await dialog.getByRole('button', { name: 'No' }).click();
    await expect(dialog).toHaveCount(0);
    expect(await orderCount()).toBe(1);
    await form.getByRole('button', { name: 'purchase now !' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, order again' }).click();
    await expect(placed).not.toContainText(number);
    expect(await orderCount()).toBe(2);
    // Another quantity is another order: no question.
    await form.getByLabel('Quantity').fill('3');
    await form.getByRole('button', { name: 'purchase now !' }).click();
    await expect.poll(orderCount).toBe(3);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await placed.getByRole('link', { name: /^Pay order PM-\d+$/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/payment\/[a-f\d]{24}$/);
    await expect(page.getByTestId('order-total')).toHaveText('$22.50');
    const card = page.getByRole('form', { name: 'Card payment' });
    await card.getByLabel('Card number').fill('4242 4242 4242 4242');
    await card.getByLabel('Expiry (MM/YY)').fill('1229');
    await expect(card.getByLabel('Expiry (MM/YY)')).toHaveValue('12/29');
    await card.getByLabel('CVC').fill('123');
    await card.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByRole('dialog')).toContainText('congrats! Your payment is completed');
  });

  test('a declined card shows the decline message and the order stays unpaid', async ({ page, baseURL }, testInfo) => {
    const admin = await apiAs(baseURL!, STORAGE_STATE.admin);
    const part = await createPartViaApi(admin, testInfo);
    const { api, account } = await newCustomerApi(baseURL!, testInfo);
    const orderId = await placeOrderViaApi(api, part.id);
    await signInViaApi(page.request, account);

    await page.goto(`/dashboard/payment/${orderId}`);
    const card = await fillCard(page, '4000 0000 0000 0002');
    await card.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByRole('dialog')).toContainText('Your card was declined.');
    await closeAlert(page);

    await page.goto('/dashboard');
    const row = orderOf(page, part.name);
    await expect(row.getByRole('link', { name: 'Pay' })).toBeVisible();
    await expect(row.getByText('Paid', { exact: true })).toHaveCount(0);
  });

  test('cancel: No keeps the order, Yes cancels it, returns the stock and keeps it as cancelled', async ({ page, baseURL }, testInfo) => {
    const admin = await apiAs(baseURL!, STORAGE_STATE.admin);
    const part = await createPartViaApi(admin, testInfo, { availableQuantity: 20 });
    const { api, account } = await newCustomerApi(baseURL!, testInfo);
    await placeOrderViaApi(api, part.id, 3);
    await signInViaApi(page.request, account);

    await page.goto('/dashboard');
    const row = orderOf(page, part.name);
    await row.getByRole('button', { name: 'Cancel' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Are you sure?');
    await expect(dialog).toContainText("You won't be able to Cancel this Order!");
    await dialog.getByRole('button', { name: 'No' }).click();
    await expect(dialog).toContainText('Order not Cancelled!');
    await expect(dialog).toContainText('Your order is safe :)');
    await closeAlert(page);
    await expect(row).toBeVisible();

    await row.getByRole('button', { name: 'Cancel' }).click();
    await dialog.getByRole('button', { name: 'Yes, Cancel it!' }).click();
    await expect(dialog).toContainText('Cancelled!');
    await expect(dialog).toContainText('Your order has been Cancelled.');
    await closeAlert(page);
    // The order stays in the list as a record, cancelled, with nothing left to do.
    await expect(row.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
    await expect(row.getByRole('link', { name: 'Pay' })).toHaveCount(0);
    const stock = (await (await page.request.get(`/api/parts/${part.id}`)).json()) as { availableQuantity: number };
    expect(stock.availableQuantity).toBe(20);
  });

  test('an order shows at once in the lists that show its part: a catalog search and the parts API', async ({
    page,
    baseURL,
  }, testInfo) => {
    const admin = await apiAs(baseURL!, STORAGE_STATE.admin);
    const part = await createPartViaApi(admin, testInfo, { availableQuantity: 30 });
    const { api } = await newCustomerApi(baseURL!, testInfo);
    const search = `/parts?q=${encodeURIComponent(part.name)}`;
    const card = page.locator('main article:visible', { has: page.getByRole('heading', { name: part.name }) });
    const listed = async () => {
      const list = (await (await page.request.get('/api/parts?limit=100')).json()) as Array<{ _id: string; availableQuantity: number }>;
      return list.find((item) => item._id === part.id)?.availableQuantity;
    };
    // Twice each, so the second answer comes from the cache.
    for (let visit = 0; visit < 2; visit++) {
      await page.goto(search);
      await expect(card.getByTestId('available-quantity')).toHaveText('30 pieces');
      expect(await listed()).toBe(30);
    }

    await placeOrderViaApi(api, part.id, 4);
    await page.goto(search);
    await expect(card.getByTestId('available-quantity')).toHaveText('26 pieces');
    expect(await listed()).toBe(26);
  });

  test('below the minimum and above the stock: the messages, and no order', async ({ page, baseURL }, testInfo) => {
    const admin = await apiAs(baseURL!, STORAGE_STATE.admin);
    const part = await createPartViaApi(admin, testInfo, { availableQuantity: 8, minimumQuantity: 3 });
    const account = await registerViaApi(page.request, testInfo);
    await signInViaApi(page.request, account);

    await page.goto(`/parts/${part.id}`);
    const form = page.getByRole('form', { name: 'Purchase' });
    await form.getByRole('button', { name: 'purchase now !' }).click();
    await expect(form.getByText('Address is Required')).toBeVisible();
    await expect(form.getByText('Number is Required')).toBeVisible();
    await form.getByLabel('Address').fill('short');
    await form.getByLabel('Quantity').fill('');
    await form.getByRole('button', { name: 'purchase now !' }).click();
    await expect(form.getByText('Minimum 6 Character')).toBeVisible();
    await expect(form.getByText('Quantity is Required')).toBeVisible();

    await orderFromPartPage(page, 2);
    await expect(form.getByText('Please Order minimum 3 pieces')).toBeVisible();
    await orderFromPartPage(page, 9);
    await expect(page.getByText('Sorry! please order lower or equal of available pieces')).toBeVisible();

    const orders = (await (await page.request.get(`/api/order?email=${encodeURIComponent(account.email)}`)).json()) as unknown[];
    expect(orders).toHaveLength(0);
    await expect(page.getByTestId('available-quantity').filter({ visible: true })).toHaveText('8 pieces');
  });

  test("an out-of-stock part shows 'Out Of Stock' and cannot be ordered", async ({ page, baseURL }, testInfo) => {
    const admin = await apiAs(baseURL!, STORAGE_STATE.admin);
    const part = await createPartViaApi(admin, testInfo, { availableQuantity: 0 });
    const account = await registerViaApi(page.request, testInfo);
    await signInViaApi(page.request, account);
    await page.goto(`/parts/${part.id}`);
    await expect(page.getByTestId('available-quantity').filter({ visible: true })).toHaveText('Out Of Stock');
    await expect(page.getByRole('form', { name: 'Purchase' }).getByRole('button', { name: 'Out Of Stock' })).toBeDisabled();
  });

  test('a session that ended: the next call from the order list signs out and goes to /', async ({ page, baseURL }, testInfo) => {
    const admin = await apiAs(baseURL!, STORAGE_STATE.admin);
    const part = await createPartViaApi(admin, testInfo);
    const { api, account } = await newCustomerApi(baseURL!, testInfo);
    await placeOrderViaApi(api, part.id);
    await signInViaApi(page.request, account);
    await page.goto('/dashboard');
    // The page's own session check may still be answering (and renewing the cookie): let it finish first.
    await page.waitForLoadState('networkidle');
    await page.locator('[data-order-id]:visible', { hasText: part.name }).getByRole('button', { name: 'Cancel' }).click();
    const confirm = page.getByRole('dialog').getByRole('button', { name: 'Yes, Cancel it!' });
    await expect(confirm).toBeVisible();
    // The session ends at the last moment: a response still in flight could otherwise set the cookie again (seen under load).
    await page.context().clearCookies();
    expect(await page.context().cookies()).toEqual([]);
    await confirm.click();
    await expect(page).toHaveURL(/\/$/);
    // Nothing was cancelled by the refused call.
    const res = await api.get(`/api/order?email=${encodeURIComponent(account.email)}`);
    expect(((await res.json()) as unknown[]).length).toBe(1);
  });
});

test.describe('an admin', () => {
  test.use(asAdmin);

  test('ships a paid order: the toast, then the status button is disabled; unpaid rows show unpaid and Cancel', async ({
    page,
    baseURL,
  }, testInfo) => {
    const admin = await apiAs(baseURL!, STORAGE_STATE.admin);
    const part = await createPartViaApi(admin, testInfo);
    const { api } = await newCustomerApi(baseURL!, testInfo, 'Shipping Sam');
    const paidId = await placeOrderViaApi(api, part.id);
    const transactionId = await payOrderViaApi(api, paidId);
    const unpaidId = await placeOrderViaApi(api, part.id);

    await page.goto('/dashboard/manageOrders');
    const unpaid = page.locator(`[data-order-id="${unpaidId}"]:visible`);
    await expect(unpaid.getByText('unpaid', { exact: true })).toBeVisible();
    await expect(unpaid.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await expect(unpaid.getByRole('button', { name: /pending/ })).toBeDisabled();

    const paid = page.locator(`[data-order-id="${paidId}"]:visible`);
    await expect(paid.getByText(transactionId)).toBeVisible();
    await keepScreenshot(page, testInfo, 'manage-orders');
    await paid.getByRole('button', { name: /pending/ }).click();
    // The ship dialog shows the address and asks for the (optional) carrier and tracking number.
    await page
      .getByRole('dialog', { name: /^Ship order/ })
      .getByRole('button', { name: 'Ship order' })
      .click();
    await expect(page.getByText('Order Successfully Shipped!')).toBeVisible();
    await expect(paid.getByRole('button', { name: 'shipped' })).toBeDisabled();

    // The customer sees it shipped.
    const orders = (await (await api.get(`/api/order/${paidId}`)).json()) as { status: string };
    expect(orders.status).toBe('shipped');
  });

  test("Manage Orders: a several-part order shows its count of parts and its total; a one-part order its part's price and quantity", async ({
    page,
    baseURL,
  }, testInfo) => {
    const admin = await apiAs(baseURL!, STORAGE_STATE.admin);
    const prices = [11.25, 22.75, 33.5];
    const parts = [];
    for (const price of prices) parts.push(await createPartViaApi(admin, testInfo, { price }));
    const { api, account } = await newCustomerApi(baseURL!, testInfo, 'Several Parts Sue');
    for (const [index, part] of parts.entries())
      expect((await api.post('/api/cart/lines', { data: { partId: part.id, quantity: index + 1 } })).status()).toBe(201);
    const quote = (await (await api.post('/api/checkout/quote', { data: { country: 'GB', postalCode: 'LS1 6BY' } })).json()) as {
      methods: Array<{ id: string; total: number }>;
    };
    const checkout = await api.post('/api/checkout', {
      data: {
        address: { name: 'Several Parts Sue', line1: '14 Kirkgate', city: 'Leeds', postalCode: 'LS1 6BY', country: 'GB' },
        phone: '+44 113 496 0999',
        shippingMethod: quote.methods[0]!.id,
      },
    });
    expect(checkout.status(), await checkout.text()).toBe(201);
    const several = (await checkout.json()) as { orderId: string; total: number };
    const singleId = await placeOrderViaApi(api, parts[0]!.id, 2);

    await page.goto(`/dashboard/manageOrders?q=${encodeURIComponent(account.email)}`);
    const severalRow = page.locator(`[data-order-id="${several.orderId}"]:visible`);
    await expect(severalRow).toContainText('3 parts');
    await expect(severalRow).toContainText(`$${several.total.toFixed(2)}`);
    // No line's price stands for the order's.
    for (const price of prices) await expect(severalRow).not.toContainText(`$${price.toFixed(2)}`);

    const singleRow = page.locator(`[data-order-id="${singleId}"]:visible`);
    await expect(singleRow).toContainText(parts[0]!.name);
    await expect(singleRow).toContainText('$11.25');
    await expect(singleRow).toContainText('$22.50');
    await expect(singleRow).not.toContainText(/\d+ parts/);
    if (!isPhone(testInfo)) {
      // Product, price and quantity columns.
      await expect(singleRow.locator('td').nth(3)).toHaveText('$11.25');
      await expect(singleRow.locator('td').nth(4)).toHaveText('2');
      await expect(severalRow.locator('td').nth(4)).not.toHaveText('1');
    } else {
      await expect(singleRow).toContainText(`${parts[0]!.name} × 2`);
    }
    await keepScreenshot(page, testInfo, 'manage-orders-lines');
    await admin.dispose();
    await api.dispose();
  });

  test('cannot purchase: the button reads "admin can\'t purchase" and is disabled', async ({ page }) => {
    await page.goto(`/parts/${await seededPartId(page.request)}`);
    const form = page.getByRole('form', { name: 'Purchase' });
    await expect(form.getByLabel('Email')).toHaveValue(E2E_ACCOUNTS.admin.email);
    await expect(form.getByRole('button', { name: "admin can't purchase" })).toBeDisabled();
  });
});
