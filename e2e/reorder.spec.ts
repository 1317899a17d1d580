import type { Page } from '@playwright/test';
import { STORAGE_STATE } from './config';
import { expect, test } from './fixtures';
import { apiAs, createPartViaApi, newCustomerApi, payOrderViaApi, placeOrderViaApi, signInViaApi } from './helpers';

/** Order again (issue 44): from My Orders and from the order page, into the cart with what changed flagged. */

/** A new customer: an API client for the setup, and signed in on this page's browser too. */
async function signedInCustomer(page: Page, testInfo: Parameters<typeof newCustomerApi>[1], baseURL: string) {
  const { api, account } = await newCustomerApi(baseURL, testInfo, 'Otto Again');
  await signInViaApi(page.request, account);
  return api;
}

/** The order's entry in My Orders: a table row from `sm` up, a card below it. */
const orderOf = (page: Page, orderId: string) => page.locator(`[data-order-id="${orderId}"]:visible`);
/** A line of the cart page, named by its part. */
const cartLine = (page: Page, name: string) => page.getByRole('article', { name });

test.describe('Order again', () => {
  test('from My Orders: a paid order back in the cart, its raised price flagged', async ({ page, baseURL }, testInfo) => {
    const admin = await apiAs(baseURL!, STORAGE_STATE.admin);
    const part = await createPartViaApi(admin, testInfo, { name: `Again pads ${testInfo.project.name} ${Date.now()}`, price: 12.5 });
    const customer = await signedInCustomer(page, testInfo, baseURL!);
    const orderId = await placeOrderViaApi(customer, part.id, 3);
    await payOrderViaApi(customer, orderId);
    expect((await admin.put(`/api/parts/${part.id}`, { data: { price: 15 } })).status()).toBe(200);

    await page.goto('/dashboard');
    const row = orderOf(page, orderId);
    await expect(row.getByRole('button', { name: /^Order again/ })).toBeVisible();
    await row.getByRole('button', { name: /^Order again/ }).click();
    // The toast shows its 3 seconds from the answer, while the cart page opens.
    await expect(page.getByText(/are in your cart: see what changed since/)).toBeVisible();
    await expect(page).toHaveURL(/\/cart$/);
    const line = cartLine(page, part.name);
    await expect(line).toContainText('The price went up from $12.50 to $15.00 since you added it.');
    const cart = (await (await page.request.get('/api/cart')).json()) as { lines: Array<{ partId: string; quantity: number }> };
    expect(cart.lines).toEqual([expect.objectContaining({ partId: part.id, quantity: 3 })]);
  });

  test('from the order page: a cancelled order whose part was withdrawn, flagged unavailable', async ({ page, baseURL }, testInfo) => {
    const admin = await apiAs(baseURL!, STORAGE_STATE.admin);
    const kept = await createPartViaApi(admin, testInfo, { name: `Again filter ${testInfo.project.name} ${Date.now()}`, price: 8 });
    const gone = await createPartViaApi(admin, testInfo, { name: `Again bulb ${testInfo.project.name} ${Date.now()}`, price: 4 });
    const customer = await signedInCustomer(page, testInfo, baseURL!);
    const keptOrder = await placeOrderViaApi(customer, kept.id, 2);
    const goneOrder = await placeOrderViaApi(customer, gone.id, 1);
    for (const id of [keptOrder, goneOrder]) expect((await customer.delete(`/api/order/${id}`)).status()).toBe(200);
    // Referred to by an order, the part is archived rather than deleted.
    expect((await admin.delete(`/api/parts/${gone.id}`)).status()).toBe(200);

    await page.goto(`/dashboard/orders/${goneOrder}`);
    await page.getByRole('button', { name: /^Order again/ }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(cartLine(page, gone.name)).toContainText('This part is no longer available. Remove it to check out.');

    await page.goto(`/dashboard/orders/${keptOrder}`);
    await page.getByRole('button', { name: /^Order again/ }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(cartLine(page, kept.name)).toBeVisible();
    const cart = (await (await page.request.get('/api/cart')).json()) as {
      lines: Array<{ partId: string; quantity: number; problems: string[] }>;
    };
    expect(cart.lines.map((line) => [line.partId, line.quantity, line.problems])).toEqual([
      [gone.id, 1, ['unavailable']],
      [kept.id, 2, []],
    ]);
  });

  test("from a guest's order page: with its signed link, into this browser's guest cart", async ({ baseURL, browser }, testInfo) => {
    const admin = await apiAs(baseURL!, STORAGE_STATE.admin);
    const part = await createPartViaApi(admin, testInfo, { name: `Again wiper ${testInfo.project.name} ${Date.now()}`, price: 9 });
    // A guest's checkout, as its page sends it, then cancelled from the link.
    const guest = await apiAs(baseURL!);
    expect((await guest.post('/api/cart/lines', { data: { partId: part.id, quantity: 2 } })).status()).toBe(201);
    const destination = { country: 'GB', postalCode: 'LS2 7HX' };
    const quote = (await (await guest.post('/api/checkout/quote', { data: destination })).json()) as { methods: Array<{ id: string }> };
    const placed = await guest.post('/api/checkout', {
      data: {
        email: `guest-${testInfo.project.name}-${Date.now()}@example.com`,
        address: { name: 'Gus Guest', line1: '1 Mill Road', city: 'Leeds', ...destination },
        phone: '+44 113 496 0200',
        shippingMethod: quote.methods[0]!.id,
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const { orderId, orderUrl } = (await placed.json()) as { orderId: string; orderUrl: string };
    const token = new URL(orderUrl, baseURL).searchParams.get('t')!;
    expect((await guest.delete(`/api/order/${orderId}`, { headers: { 'x-order-token': token } })).status()).toBe(200);

    // Another browser, opening the link from the email.
    const context = await browser.newContext();
    const other = await context.newPage();
    await other.goto(orderUrl);
    await other.getByRole('button', { name: /^Order again/ }).click();
    await expect(other).toHaveURL(/\/cart$/);
    await expect(cartLine(other, part.name)).toBeVisible();
    const cart = (await (await other.request.get('/api/cart')).json()) as { lines: Array<{ partId: string; quantity: number }> };
    expect(cart.lines).toEqual([expect.objectContaining({ partId: part.id, quantity: 2 })]);
    await context.close();
  });
});
