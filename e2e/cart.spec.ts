import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, BrowserContext, Page, TestInfo } from '@playwright/test';
import { linkIn, readMailbox } from '../tests/helpers/mailbox';
import { E2E_MAILBOX, STORAGE_STATE } from './config';
import { expect, test } from './fixtures';
import {
  apiAs,
  closeAlert,
  expectNoHorizontalOverflow,
  isPhone,
  keepScreenshot,
  registerViaApi,
  signInOnPage,
  signInViaApi,
  waitForMailLink,
  withShopDb,
} from './helpers';

/** The cart and checkout (issue 29), guest and customer, both widths; each test has its own parts, zone and discount code. */

const COROLLA = { year: 2016, make: 'Toyota', model: 'Corolla', engine: null };
const DESCRIPTION = 'A part made for the cart tests, with a description that is comfortably longer than fifty characters.';

type TestPart = { id: string; name: string; price: number };

const unique = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1e4)}`.toUpperCase();

async function createPart(
  admin: APIRequestContext,
  testInfo: TestInfo,
  part: {
    name: string;
    price: number;
    minimumQuantity?: number;
    fitment?: Array<{ make: string; model: string; yearFrom: number; yearTo: number }>;
  },
): Promise<TestPart> {
  const name = `${part.name} ${testInfo.project.name} ${unique()}`;
  const res = await admin.post('/api/parts', {
    data: {
      name,
      price: part.price,
      availableQuantity: 40,
      minimumQuantity: part.minimumQuantity ?? 1,
      img: '/images/parts/ceramic-front-brake-pad-set.svg',
      description: DESCRIPTION,
      category: 'brakes',
      fitment: part.fitment ?? [{ make: 'Toyota', model: 'Corolla', yearFrom: 2014, yearTo: 2019 }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const id = ((await res.json()) as { insertedId: string }).insertedId;
  created.push(id);
  return { id, name, price: part.price };
}

/** Parts a test made, withdrawn after it: they fit the 2016 Corolla and would push the seeded parts off other specs' first page. */
const created: string[] = [];

/** A test's own delivery zone and tax, made through the admin API as an owner makes them, so the quote cache expires. */
async function createZone(
  admin: APIRequestContext,
  testInfo: TestInfo,
  { country, postcode }: { country: string; postcode: string } = { country: 'IS', postcode: String(100 + Math.floor(Math.random() * 900)) },
): Promise<{ postcode: string }> {
  const method = (label: string, price: number, minDays: number, maxDays: number) => ({
    label,
    bands: [{ upToKg: null, price }],
    freeOver: null,
    minDays,
    maxDays,
    active: true,
  });
  const zone = await admin.post('/api/admin/shipping-zones', {
    data: {
      name: `Cart test ${testInfo.project.name} ${country} ${postcode} ${unique()}`,
      countries: [country],
      postcodePrefixes: [postcode],
      position: 0,
      methods: [method('Standard', 8, 2, 4), method('Express', 20, 1, 2)],
    },
  });
  expect(zone.status(), await zone.text()).toBe(201);
  await createRate(admin, { country: 'IS', region: '', rate: 10, taxShipping: true, label: 'VAT' });
  return { postcode };
}

/** A tax rate, made by whichever test comes first (the others find it: 409). */
async function createRate(
  admin: APIRequestContext,
  rate: { country: string; region: string; rate: number; taxShipping: boolean; label: string },
) {
  const res = await admin.post('/api/admin/tax-rates', { data: rate });
  expect([201, 409], await res.text()).toContain(res.status());
}

async function createCode(percent: number): Promise<string> {
  const code = `CART${unique()}`;
  await withShopDb(async (db) => {
    const now = new Date();
    await db.collection('discountcodes').insertOne({
      code,
      kind: 'percent',
      percent,
      minSubtotalCents: 0,
      startsAt: null,
      endsAt: null,
      maxUses: 5,
      oncePerCustomer: true,
      categories: [],
      brands: [],
      pausedAt: null,
      createdAt: now,
      updatedAt: now,
    });
  });
  return code;
}

async function chooseVehicle(context: BrowserContext, baseURL: string): Promise<void> {
  const value = encodeURIComponent(JSON.stringify(COROLLA));
  await context.addCookies([{ name: 'pm_vehicle', value, url: baseURL }]);
}

/** WCAG 2.1 A and AA, as e2e/accessibility.spec.ts checks every other page. */
async function expectAccessible(page: Page, label: string) {
  // A toast fading in or out is half transparent: axe would measure its contrast mid-animation.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((node) => node.target.join(' ')).join(', ')})`),
    label,
  ).toEqual([]);
}

const visible = (page: Page, testId: string) => page.getByTestId(testId).filter({ visible: true });

async function addFromPartPage(page: Page, part: TestPart, expectedCount: number) {
  await page.goto(`/parts/${part.id}`);
  // A click before hydration is lost (CI once, on a loaded machine): the ordering area stops being
  // busy once the page is hydrated and knows who is there.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.getByTestId('add-to-cart').filter({ visible: true }).getByRole('button', { name: 'Add to cart' }).click();
  await expect(visible(page, 'cart-count')).toHaveText(String(expectedCount));
}

async function fillAddress(page: Page, postcode: string) {
  const form = page.getByRole('form', { name: 'Checkout' });
  await form.getByLabel('Full name').fill('Gudrun Jonsdottir');
  await form.getByLabel('Address', { exact: true }).fill('Laugavegur 12');
  await form.getByLabel('City').fill('Reykjavik');
  await form.getByLabel('Country').selectOption('IS');
  await form.getByLabel('Postcode').fill(postcode);
  await form.getByLabel('Phone').fill('+354 555 0101');
  return form;
}

async function payWithTestCard(page: Page) {
  const card = page.getByRole('form', { name: 'Card payment' });
  await card.getByLabel('Card number').fill('4242 4242 4242 4242');
  await card.getByLabel('Expiry (MM/YY)').fill('12/34');
  await card.getByLabel('CVC').fill('123');
  await card.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('dialog').getByText('congrats! Your payment is completed')).toBeVisible();
  await closeAlert(page);
}

test.describe('the cart and checkout', () => {
  test.afterEach(async ({ baseURL }) => {
    const admin = await apiAs(baseURL!, STORAGE_STATE.admin);
    for (const id of created.splice(0)) {
      const res = await admin.delete(`/api/parts/${id}`);
      expect([200, 404], await res.text()).toContain(res.status());
    }
    await admin.dispose();
  });

  test('a guest with a 2016 Toyota Corolla buys pads, rotors and a sensor with a code, pays, and opens the order from its email', async ({
    page,
    context,
    baseURL,
    browser,
  }, testInfo) => {
    const admin = await apiAs(baseURL!, STORAGE_STATE.admin);
    const pads = await createPart(admin, testInfo, { name: 'Cart pads', price: 40 });
    const rotors = await createPart(admin, testInfo, { name: 'Cart rotors', price: 60, minimumQuantity: 2 });
    const sensor = await createPart(admin, testInfo, { name: 'Cart wear sensor', price: 25 });
    const { postcode } = await createZone(admin, testInfo);
    const code = await createCode(10);
    await chooseVehicle(context, baseURL!);

    // Pads and rotors from their pages (the rotors' minimum of 2 is the default quantity), the sensor from search results.
    await addFromPartPage(page, pads, 1);
    await expect(visible(page, 'fit-badge').first()).toHaveText(/Fits your 2016 Toyota Corolla/);
    await addFromPartPage(page, rotors, 3);
    await page.goto(`/parts?q=${encodeURIComponent(sensor.name)}`);
    // A click before hydration is lost (CI once, on a phone): the navbar shows the count once hydrated.
    await expect(visible(page, 'cart-count')).toHaveText('3');
    await page
      .getByRole('button', { name: `Add to cart: ${sensor.name}` })
      .filter({ visible: true })
      .click();
    await expect(visible(page, 'cart-count')).toHaveText('4');

    // The cart: three lines that fit, and the delivered cost for a postcode before any personal data.
    await visible(page, 'cart-link').click();
    await expect(page).toHaveURL(/\/cart$/);
    const lines = page.getByTestId('cart-line').filter({ visible: true });
    await expect(lines).toHaveCount(3);
    for (const part of [pads, rotors, sensor]) {
      await expect(lines.filter({ hasText: part.name }).getByTestId('fit-badge')).toHaveText(/Fits your 2016 Toyota Corolla/);
    }
    await expect(visible(page, 'cart-subtotal')).toHaveText('$185.00');
    await expect(visible(page, 'fit-warning')).toHaveCount(0);
    const quoteForm = page.getByRole('form', { name: 'Delivery cost' });
    await quoteForm.getByLabel('Country').selectOption('IS');
    await quoteForm.getByLabel('Postcode').fill(postcode);
    await quoteForm.getByRole('button', { name: 'Show delivery' }).click();
    const standard = page.getByTestId('quote-method').filter({ visible: true, hasText: 'Standard' });
    await expect(standard).toContainText('$8.00');
    await expect(standard).toContainText('Arrives by');
    // 10% on goods ($18.50) and on shipping ($0.80).
    await expect(standard.getByTestId('quote-tax')).toHaveText('$19.30');
    await expect(standard.getByTestId('quote-total')).toHaveText('$212.30');
    await expect(page.getByTestId('quote-method').filter({ visible: true, hasText: 'Express' })).toContainText('$20.00');
    await expectNoHorizontalOverflow(page);
    await keepScreenshot(page, testInfo, 'cart-quote');
    await expectAccessible(page, 'the cart with a quote');

    // Checkout: the quoted country and postcode come along; email, address, phone, method, code.
    await page.getByRole('button', { name: 'Check out' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    const form = page.getByRole('form', { name: 'Checkout' });
    await expect(form.getByLabel('Postcode')).toHaveValue(postcode);
    const email = `guest-${testInfo.project.name}-${unique().toLowerCase()}@example.com`;
    await form.getByLabel('Email').fill(email);
    await fillAddress(page, postcode);
    await expect(form.getByRole('radio', { name: /Standard/ })).toBeChecked();
    await expect(visible(page, 'summary-total')).toHaveText('$212.30');
    // A code the shop does not have is refused under the field, and the total stays.
    await form.getByLabel('Code', { exact: true }).fill('NOSUCHCODE');
    await form.getByRole('button', { name: 'Apply' }).click();
    await expect(form.locator('#discountCode-error')).toBeVisible();
    await expect(visible(page, 'summary-total')).toHaveText('$212.30');
    await form.getByLabel('Code', { exact: true }).fill(code);
    await form.getByRole('button', { name: 'Apply' }).click();
    await expect(form.locator('#discountCode-error')).toHaveCount(0);
    await expect(visible(page, 'code-applied')).toContainText(code);
    // Goods $185 - 10% ($18.50) + shipping $8 + tax ($16.65 on goods, $0.80 on shipping).
    await expect(visible(page, 'summary-discount')).toHaveText('-$18.50');
    await expect(visible(page, 'summary-tax')).toHaveText('$17.45');
    await expect(visible(page, 'summary-total')).toHaveText('$191.95');
    await expectNoHorizontalOverflow(page);
    await keepScreenshot(page, testInfo, 'checkout');
    await expectAccessible(page, 'the checkout, filled in');
    await form.getByRole('button', { name: 'Place order and pay' }).click();

    // The guest's order page: its lines and amounts, the time left to pay, then the card.
    await expect(page).toHaveURL(/\/orders\/[a-f\d]{24}\?t=/);
    const orderUrl = new URL(page.url());
    await expect(visible(page, 'order-line')).toHaveCount(3);
    await expect(visible(page, 'order-total').first()).toHaveText('$191.95');
    await expect(visible(page, 'hold-left')).toContainText(/Pay within \d+ minutes/);
    await expectAccessible(page, 'the guest order page');
    await payWithTestCard(page);
    await expect(page.getByText('Paid', { exact: true }).filter({ visible: true }).first()).toBeVisible();
    await expect(visible(page, 'cart-count')).toHaveCount(0);

    // The confirmation email's link opens the order in a browser that has nothing of this session.
    const link = await waitForMailLink(email, /is booked/, orderUrl.pathname);
    const fresh = await browser.newContext();
    const other = await fresh.newPage();
    await other.goto(link);
    const receipt = other.getByRole('region', { name: /Receipt for order/ });
    await expect(receipt.getByTestId('order-line')).toHaveCount(3);
    await expect(receipt.getByTestId('order-discount')).toHaveText('-$18.50');
    await expect(receipt.getByTestId('order-shipping')).toHaveText('$8.00');
    await expect(receipt.getByTestId('order-tax')).toHaveText('$17.45');
    await expect(receipt.getByTestId('order-total')).toHaveText('$191.95');
    await keepScreenshot(other, testInfo, 'guest-order-paid');
    // Without the link's token the order is not shown.
    await other.goto(orderUrl.pathname);
    await expect(other.getByTestId('order-line')).toHaveCount(0);
    await fresh.close();
  });

  test('a guest cart survives sign-in: its lines join the account’s cart, quantities added up', async ({ page, baseURL }, testInfo) => {
    const admin = await apiAs(baseURL!, STORAGE_STATE.admin);
    const shared = await createPart(admin, testInfo, { name: 'Cart merge pads', price: 30 });
    const guestOnly = await createPart(admin, testInfo, { name: 'Cart merge sensor', price: 15 });
    const account = await registerViaApi(page.request, testInfo, 'Mira Merge');

    // The account already holds one set of pads (added from another device).
    const device = await apiAs(baseURL!);
    const csrf = (await (await device.get('/api/auth/csrf')).json()) as { csrfToken: string };
    await device.post('/api/auth/callback/credentials', { form: { ...account, csrfToken: csrf.csrfToken, json: 'true' } });
    expect((await device.post('/api/cart/lines', { data: { partId: shared.id, quantity: 1 } })).status()).toBe(201);
    await device.dispose();

    // As a guest in this browser: two sets of pads and a sensor.
    await addFromPartPage(page, shared, 1);
    await page.getByTestId('add-to-cart').filter({ visible: true }).getByLabel('Quantity').fill('2');
    await page.getByTestId('add-to-cart').filter({ visible: true }).getByRole('button', { name: 'Add to cart' }).click();
    await expect(visible(page, 'cart-count')).toHaveText('3');
    await addFromPartPage(page, guestOnly, 4);

    await signInOnPage(page, account, '/cart');

    const lines = page.getByTestId('cart-line').filter({ visible: true });
    await expect(lines).toHaveCount(2);
    await expect(lines.filter({ hasText: shared.name }).getByLabel(/Quantity of/)).toHaveValue('4');
    await expect(lines.filter({ hasText: guestOnly.name }).getByLabel(/Quantity of/)).toHaveValue('1');
    await expect(visible(page, 'cart-count')).toHaveText('5');
    // The account's cart on the server says the same.
    const cart = (await (await page.request.get('/api/cart')).json()) as { lines: Array<{ partId: string; quantity: number }> };
    expect(cart.lines.map((line) => [line.partId, line.quantity]).sort()).toEqual(
      [
        [shared.id, 4],
        [guestOnly.id, 1],
      ].sort(),
    );
  });

  test('a customer finds the last address and phone filled in, sees the shipping line on a part page, and goes straight to the card form', async ({
    page,
    baseURL,
  }, testInfo) => {
    const admin = await apiAs(baseURL!, STORAGE_STATE.admin);
    const first = await createPart(admin, testInfo, { name: 'Cart repeat filter', price: 10 });
    const second = await createPart(admin, testInfo, { name: 'Cart repeat pads', price: 30 });
    const { postcode } = await createZone(admin, testInfo);
    const account = await registerViaApi(page.request, testInfo, 'Sigrun Repeat');
    await signInViaApi(page.request, account);

    // An earlier checkout (through the API, as the page does) leaves its address and phone behind.
    const headers = { origin: baseURL! };
    expect((await page.request.post('/api/cart/lines', { headers, data: { partId: first.id, quantity: 1 } })).status()).toBe(201);
    const quote = (await (
      await page.request.post('/api/checkout/quote', { headers, data: { country: 'IS', postalCode: postcode } })
    ).json()) as {
      methods: Array<{ id: string; total: number }>;
    };
    const earlier = await page.request.post('/api/checkout', {
      headers: { ...headers, 'Idempotency-Key': `cart-e2e-${unique()}` },
      data: {
        address: { name: 'Sigrun Repeat', line1: 'Hafnarstraeti 5', city: 'Akureyri', postalCode: postcode, country: 'IS' },
        phone: '+354 555 0202',
        shippingMethod: quote.methods[0]!.id,
        quotedTotal: quote.methods[0]!.total,
      },
    });
    expect(earlier.status(), await earlier.text()).toBe(201);

    // A quote on the cart page, then the part page knows where to ship.
    await addFromPartPage(page, second, 1);
    await page.goto('/cart');
    const quoteForm = page.getByRole('form', { name: 'Delivery cost' });
    await quoteForm.getByLabel('Country').selectOption('IS');
    await quoteForm.getByLabel('Postcode').fill(postcode);
    await quoteForm.getByRole('button', { name: 'Show delivery' }).click();
    await expect(page.getByTestId('quote-method').filter({ visible: true, hasText: 'Standard' })).toContainText('$8.00');
    await page.goto(`/parts/${second.id}`);
    await expect(visible(page, 'ships-to')).toHaveText(
      new RegExp(`^Ships from \\$8\\.00 to ${postcode}, arrives by \\w{3}, \\w{3} \\d{1,2}$`),
    );

    // Checkout from the cart: nothing to type again.
    await page.goto('/cart');
    await page.getByRole('button', { name: 'Check out' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    const form = page.getByRole('form', { name: 'Checkout' });
    await expect(form.getByLabel('Email')).toHaveValue(account.email);
    await expect(form.getByLabel('Email')).toBeDisabled();
    await expect(form.getByLabel('Address', { exact: true })).toHaveValue('Hafnarstraeti 5');
    await expect(form.getByLabel('City')).toHaveValue('Akureyri');
    await expect(form.getByLabel('Country')).toHaveValue('IS');
    await expect(form.getByLabel('Postcode')).toHaveValue(postcode);
    await expect(form.getByLabel('Phone')).toHaveValue('+354 555 0202');
    await expect(form.getByLabel('Saved addresses')).toBeVisible();
    // $30 + $8 shipping + 10% tax.
    await expect(visible(page, 'summary-total')).toHaveText('$41.80');
    await form.getByRole('button', { name: 'Place order and pay' }).click();

    // Straight to the card form: the order's amounts and the time left to pay beside it.
    await expect(page).toHaveURL(/\/dashboard\/payment\/[a-f\d]{24}$/);
    const orderId = new URL(page.url()).pathname.split('/').pop()!;
    await expect(page.getByRole('form', { name: 'Card payment' }).getByLabel('Card number')).toBeVisible();
    await expect(visible(page, 'order-shipping')).toHaveText('$8.00');
    await expect(visible(page, 'order-tax')).toHaveText('$3.80');
    await expect(visible(page, 'order-total')).toHaveText('$41.80');
    await expect(visible(page, 'hold-left')).toContainText(/Pay within \d+ minutes/);
    await expectNoHorizontalOverflow(page);

    // Back lands on the cart, which offers the order with its Pay link instead of an empty cart.
    await page.goBack();
    await expect(page).toHaveURL(/\/cart$/);
    const unpaid = visible(page, 'unpaid-order');
    await expect(unpaid).toContainText(/Order PM-\d+ is waiting for your payment/);
    await expect(unpaid).toContainText('$41.80');
    await expect(page.getByText('Your cart is empty')).toHaveCount(0);
    await expect(page.getByTestId('cart-line')).toHaveCount(0);
    const number = (await unpaid.getByRole('heading').textContent())!.match(/PM-\d+/)![0];
    await unpaid.getByRole('link', { name: 'Pay', exact: true }).click();
    await expect(page).toHaveURL(`/dashboard/payment/${orderId}`);
    await payWithTestCard(page);
    await expect(page.getByText('Paid', { exact: true }).filter({ visible: true }).first()).toBeVisible();

    // Paid: the cart offers the earlier order (placed through the API above, still unpaid), not this one.
    await page.goto('/cart');
    await expect(visible(page, 'unpaid-order')).toContainText(/Order PM-\d+ is waiting for your payment/);
    await expect(visible(page, 'unpaid-order')).not.toContainText(number);
    await expect(visible(page, 'unpaid-order')).toContainText('$19.80');
    await page.goto(`/dashboard/orders/${orderId}`);
    await expect(visible(page, 'order-address')).toContainText('Hafnarstraeti 5');
  });

  test('a price raised by an admin during checkout is shown, and the order is placed only once confirmed', async ({
    page,
    baseURL,
  }, testInfo) => {
    const admin = await apiAs(baseURL!, STORAGE_STATE.admin);
    const part = await createPart(admin, testInfo, { name: 'Cart price rotors', price: 20 });
    const { postcode } = await createZone(admin, testInfo);
    await addFromPartPage(page, part, 1);

    await page.goto('/checkout');
    const form = page.getByRole('form', { name: 'Checkout' });
    await form.getByLabel('Email').fill(`price-${testInfo.project.name}-${unique().toLowerCase()}@example.com`);
    await fillAddress(page, postcode);
    // $20 + $8 shipping + 10% tax.
    await expect(visible(page, 'summary-total')).toHaveText('$30.80');

    const raised = await admin.put(`/api/parts/${part.id}`, { data: { price: 25 } });
    expect(raised.status(), await raised.text()).toBe(200);
    await form.getByRole('button', { name: 'Place order and pay' }).click();

    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Your order has changed');
    await expect(dialog).toContainText('$25.00');
    await expect(dialog).toContainText('$36.30');
    await keepScreenshot(page, testInfo, 'checkout-price-changed');
    await dialog.getByRole('button', { name: 'Go back' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(visible(page, 'price-changed')).toContainText('$36.30');
    await expect(visible(page, 'summary-total')).toHaveText('$36.30');

    // The cart page flags the line too, without changing it.
    await visible(page, 'cart-link').click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(visible(page, 'line-problem')).toHaveText('The price went up from $20.00 to $25.00 since you added it.');
    await page.getByRole('button', { name: 'Check out' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await form.getByLabel('Email').fill(`price-${testInfo.project.name}-${unique().toLowerCase()}@example.com`);
    await fillAddress(page, postcode);
    await expect(visible(page, 'summary-total')).toHaveText('$36.30');

    await form.getByRole('button', { name: 'Place order and pay' }).click();
    await expect(page).toHaveURL(/\/orders\/[a-f\d]{24}\?t=/);
    await expect(visible(page, 'order-total').first()).toHaveText('$36.30');
  });

  test('a line that does not fit the active vehicle is marked and warned about before checkout', async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    const admin = await apiAs(baseURL!, STORAGE_STATE.admin);
    const fits = await createPart(admin, testInfo, { name: 'Cart fit pads', price: 30 });
    const civic = await createPart(admin, testInfo, {
      name: 'Cart Civic rotor',
      price: 50,
      fitment: [{ make: 'Honda', model: 'Civic', yearFrom: 2016, yearTo: 2021 }],
    });
    await chooseVehicle(context, baseURL!);
    await addFromPartPage(page, fits, 1);
    await addFromPartPage(page, civic, 2);

    await page.goto('/cart');
    const lines = page.getByTestId('cart-line').filter({ visible: true });
    await expect(lines.filter({ hasText: civic.name }).getByTestId('fit-badge')).toHaveText(/Does not fit/);
    await expect(lines.filter({ hasText: fits.name }).getByTestId('fit-badge')).toHaveText(/Fits your 2016 Toyota Corolla/);
    const warning = visible(page, 'fit-warning');
    await expect(warning).toContainText('Not for your 2016 Toyota Corolla');
    await expect(warning).toContainText(civic.name);
    await expect(warning).not.toContainText(fits.name);
    await expectNoHorizontalOverflow(page);
    await keepScreenshot(page, testInfo, 'cart-fit-warning');
    await expectAccessible(page, 'the cart with a line that does not fit');

    // Quantities: one more, typed, and the server's rules (the minimum of 1) answered on the page.
    const fitting = lines.filter({ hasText: fits.name });
    await fitting.getByRole('button', { name: `One more: ${fits.name}` }).click();
    await expect(fitting.getByLabel(/Quantity of/)).toHaveValue('2');
    await expect(fitting.getByTestId('line-total')).toHaveText('$60.00');
    await fitting.getByLabel(/Quantity of/).fill('3');
    await fitting.getByLabel(/Quantity of/).press('Enter');
    await expect(fitting.getByTestId('line-total')).toHaveText('$90.00');
    await expect(visible(page, 'cart-subtotal')).toHaveText('$140.00');
    await expect(visible(page, 'cart-count')).toHaveText('4');

    await page.getByRole('button', { name: 'Check out' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`${civic.name} does not fit your vehicle`);
    await dialog.getByRole('button', { name: 'Go back' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await page.getByRole('button', { name: 'Check out' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Check out anyway' }).click();
    await expect(page).toHaveURL(/\/checkout$/);

    // Removing the line that does not fit takes the warning away.
    await page.goto('/cart');
    await lines
      .filter({ hasText: civic.name })
      .getByRole('button', { name: `Remove ${civic.name}` })
      .click();
    await expect(lines).toHaveCount(1);
    await expect(visible(page, 'fit-warning')).toHaveCount(0);
    await expect(visible(page, 'cart-count')).toHaveText('3');
    await page.getByRole('button', { name: 'Check out' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
  });

  test('the delivery estimate checks the postcode for its country, and taxes the state of a US ZIP code', async ({
    page,
    baseURL,
  }, testInfo) => {
    const admin = await apiAs(baseURL!, STORAGE_STATE.admin);
    const part = await createPart(admin, testInfo, { name: 'Cart NYC filter', price: 40 });
    await createZone(admin, testInfo, { country: 'US', postcode: '10001' });
    await createRate(admin, { country: 'US', region: 'NY', rate: 8.875, taxShipping: true, label: 'Sales tax' });
    await addFromPartPage(page, part, 1);

    await page.goto('/cart');
    const quoteForm = page.getByRole('form', { name: 'Delivery cost' });
    await quoteForm.getByLabel('Country').selectOption('US');
    await quoteForm.getByLabel('Postcode').fill('ABC');
    await quoteForm.getByRole('button', { name: 'Show delivery' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Enter a US ZIP code like 12345 or 12345-6789' })).toBeVisible();
    await expect(page.getByTestId('quote-method')).toHaveCount(0);

    // No state field: the ZIP code's state is taxed, New York City's 8.875% on $40 and on $8 shipping.
    await quoteForm.getByLabel('Postcode').fill('10001');
    await quoteForm.getByRole('button', { name: 'Show delivery' }).click();
    const standard = page.getByTestId('quote-method').filter({ visible: true, hasText: 'Standard' });
    await expect(standard.getByTestId('quote-tax-label')).toHaveText('Sales tax (NY)');
    await expect(standard.getByTestId('quote-tax')).toHaveText('$4.26');
    await expect(standard.getByTestId('quote-total')).toHaveText('$52.26');
    await keepScreenshot(page, testInfo, 'cart-quote-us');

    // At checkout a state the ZIP code contradicts is refused under its field; left empty, the ZIP code's applies.
    await page.getByRole('button', { name: 'Check out' }).click();
    const form = page.getByRole('form', { name: 'Checkout' });
    await expect(form.getByLabel('Postcode')).toHaveValue('10001');
    await form.getByLabel('State or region (optional)').fill('OR');
    const regionError = form.locator('[id="address.region-error"]');
    await expect(regionError).toHaveText('ZIP code 10001 is in New York (NY): correct the state or the ZIP code');
    await form.getByLabel('State or region (optional)').fill('');
    await expect(regionError).toHaveCount(0);
    await expect(visible(page, 'summary-tax')).toHaveText('$4.26');
    await expect(visible(page, 'summary-total')).toHaveText('$52.26');
    await expect(page.getByText('Sales tax (NY)').filter({ visible: true }).first()).toBeVisible();
  });

  test('the cart and checkout come in the server’s HTML: their lines, private, and no cookie for a new guest’s read', async ({
    page,
    baseURL,
    playwright,
  }, testInfo) => {
    const admin = await apiAs(baseURL!, STORAGE_STATE.admin);
    const parts = [
      await createPart(admin, testInfo, { name: 'Cart html pads', price: 30 }),
      await createPart(admin, testInfo, { name: 'Cart html rotor', price: 45 }),
      await createPart(admin, testInfo, { name: 'Cart html sensor', price: 12 }),
    ];
    for (const part of parts) {
      const res = await page.request.post('/api/cart/lines', { headers: { origin: baseURL! }, data: { partId: part.id, quantity: 1 } });
      expect(res.status(), await res.text()).toBe(201);
    }
    for (const path of ['/cart', '/checkout']) {
      const res = await page.request.get(path);
      expect(res.status()).toBe(200);
      expect(res.headers()['cache-control']).toMatch(/private/);
      expect(res.headers()['cache-control']).toMatch(/no-store/);
      const html = await res.text();
      for (const part of parts) expect([path, html.includes(part.name)]).toEqual([path, true]);
      expect(html).not.toContain('Loading');
    }
    expect(await (await page.request.get('/cart')).text()).toContain('$87.00');

    // A visitor without a cart reads an empty one, and gets no cookie for it.
    const fresh = await playwright.request.newContext({ baseURL });
    const empty = await fresh.get('/cart');
    expect(await empty.text()).toContain('Your cart is empty');
    expect(empty.headers()['set-cookie']).toBeUndefined();
    await fresh.dispose();
  });

  test('the cart paints once: three lines, their fit and the kept destination’s delivery in the first paint, no layout shift', async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    const admin = await apiAs(baseURL!, STORAGE_STATE.admin);
    const { postcode } = await createZone(admin, testInfo);
    await chooseVehicle(context, baseURL!);
    await context.addCookies([
      { name: 'pm_destination', value: encodeURIComponent(JSON.stringify({ country: 'IS', postalCode: postcode })), url: baseURL! },
    ]);
    for (const [name, price] of [
      ['Cart paint pads', 30],
      ['Cart paint rotor', 45],
      ['Cart paint sensor', 12],
    ] as const) {
      const part = await createPart(admin, testInfo, { name, price });
      const res = await page.request.post('/api/cart/lines', { headers: { origin: baseURL! }, data: { partId: part.id, quantity: 1 } });
      expect(res.status(), await res.text()).toBe(201);
    }
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
          if (!entry.hadRecentInput) shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/cart');
    await expect(page.getByTestId('cart-line').filter({ visible: true })).toHaveCount(3);
    await expect(visible(page, 'fit-badge')).toHaveCount(3);
    await expect(page.getByTestId('quote-method').filter({ visible: true, hasText: 'Standard' })).toContainText('$8.00');
    await page.waitForLoadState('networkidle');
    // What the page does after its load (hydration, the navbar's cart, the fit) has had its time.
    await page.waitForTimeout(1500);
    const shift = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0));
    expect(shift).toBeLessThan(0.02);

    // The country fits its select, whatever the width (it was squeezed to some 55 px beside the postcode on a laptop).
    const country = page.getByRole('form', { name: 'Delivery cost' }).getByLabel('Country');
    await expect(country).toHaveValue('IS');
    expect((await country.boundingBox())!.width).toBeGreaterThanOrEqual(160);
    await expectNoHorizontalOverflow(page);
    await keepScreenshot(page, testInfo, 'cart-first-paint');
  });

  test('a guest who leaves the card form finds the order on the cart page, then by its number with or without PM-', async ({
    page,
    baseURL,
  }, testInfo) => {
    const admin = await apiAs(baseURL!, STORAGE_STATE.admin);
    const part = await createPart(admin, testInfo, { name: 'Cart back pads', price: 40 });
    const { postcode } = await createZone(admin, testInfo);
    await addFromPartPage(page, part, 1);
    await visible(page, 'cart-link').click();
    await expect(page).toHaveURL(/\/cart$/);
    await page.getByRole('button', { name: 'Check out' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    const email = `back-${testInfo.project.name}-${unique().toLowerCase()}@example.com`;
    await page.getByRole('form', { name: 'Checkout' }).getByLabel('Email').fill(email);
    const form = await fillAddress(page, postcode);
    await expect(visible(page, 'summary-total')).toHaveText('$52.80');
    await form.getByRole('button', { name: 'Place order and pay' }).click();

    // The order's own page holds the card form.
    await expect(page).toHaveURL(/\/orders\/[a-f\d]{24}\?t=/);
    const orderUrl = page.url();
    const orderId = new URL(orderUrl).pathname.split('/').pop()!;
    await expect(page.getByRole('form', { name: 'Card payment' }).getByLabel('Card number')).toBeVisible();
    const number = (await page.getByRole('heading', { level: 1 }).textContent())!.match(/PM-\d+/)![0];

    // Back: the cart offers the order with its Pay link instead of "Your cart is empty"; so does the checkout.
    await page.goBack();
    await expect(page).toHaveURL(/\/cart$/);
    const unpaid = visible(page, 'unpaid-order');
    await expect(unpaid).toContainText(`Order ${number} is waiting for your payment`);
    await expect(unpaid).toContainText('$52.80');
    await expect(unpaid).toContainText(/Pay within \d+ minutes/);
    await expect(page.getByText('Your cart is empty')).toHaveCount(0);
    await expectAccessible(page, 'the cart with an unpaid order');
    await page.goto('/checkout');
    await expect(visible(page, 'unpaid-order')).toContainText(number);
    await visible(page, 'unpaid-order').getByRole('link', { name: 'Pay', exact: true }).click();
    await expect(page).toHaveURL(orderUrl);
    await expect(page.getByRole('form', { name: 'Card payment' }).getByLabel('Card number')).toBeVisible();

    // Lost the link: the footer's "Track an order" finds it by its number, with or without PM-.
    const lookups = () => readMailbox(E2E_MAILBOX).filter((mail) => mail.to.includes(email) && mail.subject === `Your order ${number}`);
    for (const [typed, count] of [
      [number.slice(3), 1],
      [number.toLowerCase(), 2],
    ] as const) {
      await page.goto('/');
      await page.getByRole('contentinfo').getByRole('link', { name: 'Track an order' }).click();
      await expect(page).toHaveURL(/\/orders\/lookup$/);
      const lookup = page.getByRole('form', { name: 'Find my order' });
      await lookup.getByLabel('Order number').fill(typed);
      await lookup.getByLabel('Email').fill(email);
      await lookup.getByRole('button', { name: 'Send me the link' }).click();
      await expect(lookup.getByRole('status')).toHaveText(
        'If an order with this number belongs to this email, we have sent its link there. Check your inbox.',
      );
      await expect.poll(() => lookups().length, { timeout: 10_000 }).toBe(count);
    }
    expect(linkIn(lookups()[0]!, `/orders/${orderId}`)).toContain(`/orders/${orderId}?t=`);
    // What is no order number is said under the field.
    await page.getByRole('form', { name: 'Find my order' }).getByLabel('Order number').fill('12345');
    await page.getByRole('form', { name: 'Find my order' }).getByRole('button', { name: 'Send me the link' }).click();
    await expect(page.getByText('Enter the number from your confirmation email, like PM-100234')).toBeVisible();
  });

  test('"Track an order" is in the header (the phone menu on a phone) and the footer', async ({ page }, testInfo) => {
    await page.goto('/');
    if (isPhone(testInfo)) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.locator('#mobile-menu').getByRole('link', { name: 'Track an order' }).click();
    } else {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Track an order' }).click();
    }
    await expect(page).toHaveURL(/\/orders\/lookup$/);
    await expect(page.getByRole('heading', { name: 'Find my order' })).toBeVisible();
    await page.goto('/parts');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Track an order' }).click();
    await expect(page).toHaveURL(/\/orders\/lookup$/);
    await expectNoHorizontalOverflow(page);
  });

  test('finding an order again: the lookup answers the same whether or not the order exists', async ({ page }) => {
    await page.goto('/orders/lookup');
    const form = page.getByRole('form', { name: 'Find my order' });
    await form.getByRole('button', { name: 'Send me the link' }).click();
    await expect(form.getByText('Order number is Required')).toBeVisible();
    await expect(form.getByText('Email is Required')).toBeVisible();
    await form.getByLabel('Order number').fill('PM-999999');
    await form.getByLabel('Email').fill(`nobody-${unique().toLowerCase()}@example.com`);
    await form.getByRole('button', { name: 'Send me the link' }).click();
    await expect(form.getByRole('status')).toHaveText(
      'If an order with this number belongs to this email, we have sent its link there. Check your inbox.',
    );
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page, '/orders/lookup');
    // A link without a valid token opens nothing.
    await page.goto('/orders/0123456789abcdef01234567?t=forged');
    await expect(page.getByRole('heading', { name: 'This link does not open an order' })).toBeVisible();
  });
});
