import type { Page, TestInfo } from '@playwright/test';
import { readMailbox } from '../tests/helpers/mailbox';
import { E2E_ACCOUNTS, E2E_MAILBOX, STORAGE_STATE } from './config';
import { asAdmin, expect, test } from './fixtures';
import {
  adminPage,
  ADMIN_MENU,
  apiAs,
  closeAlert,
  createPartViaApi,
  expectNoHorizontalOverflow,
  isPhone,
  keepScreenshot,
  newCustomerApi,
  placeOrderViaApi,
  registerViaApi,
  shipOrderViaApi,
  signInViaApi,
} from './helpers';

const TRACKING = '1Z999AA10123456784';

/** The order's row (from `sm` up) or card (phones): whichever this screen shows. */
const orderItem = (page: Page, id: string) => page.locator(`[data-order-id="${id}"]:visible`);

/** Waits for the SMTP server to have received a message to `to` whose subject matches. */
async function waitForMail(to: string, subject: RegExp) {
  await expect
    .poll(() => readMailbox(E2E_MAILBOX).filter((mail) => mail.to.includes(to) && subject.test(mail.subject)).length, { timeout: 20_000 })
    .toBeGreaterThan(0);
}

/** Every item of the dashboard menu is on screen, whole (no sideways scrolling, no cut labels). */
async function expectMenuFits(page: Page, testInfo: TestInfo) {
  const links = page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link');
  const width = page.viewportSize()!.width;
  for (const link of await links.all()) {
    await expect(link).toBeVisible();
    const box = (await link.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    if (isPhone(testInfo)) expect(await link.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  }
}

test.describe('fulfilment: order, pay, receipt, ship with tracking, emails, audit', () => {
  test('the whole story, from a customer order to the tracking link and the four emails', async ({ page, baseURL, browser }, testInfo) => {
    test.setTimeout(120_000);
    const adminApi = await apiAs(baseURL!, STORAGE_STATE.admin);
    const part = await createPartViaApi(adminApi, testInfo, { price: 18.75, availableQuantity: 40, minimumQuantity: 2 });
    const account = await registerViaApi(page.request, testInfo, 'Nora Numbers');
    await signInViaApi(page.request, account);

    // The customer orders from the part page.
    await page.goto(`/parts/${part.id}`);
    const form = page.getByRole('form', { name: 'Purchase' });
    await form.getByLabel('Address').fill('7 Wharf Street, Leeds LS2 7EQ');
    await form.getByLabel('Phone').fill('+44 113 496 0777');
    await form.getByRole('button', { name: 'purchase now !' }).click();
    await expect(page.getByText('Order is booked, please go dashboard and pay it!')).toBeVisible();

    // My Orders shows the number, the date, the total and the status; the number opens the order page.
    await page.goto('/dashboard');
    const item = page.locator('[data-order-id]:visible', { hasText: part.name });
    await expect(item).toHaveCount(1);
    const orderId = (await item.getAttribute('data-order-id'))!;
    const numberLink = item.getByRole('link', { name: /^PM-\d{6,}$/ });
    const number = (await numberLink.textContent())!.trim();
    await expect(item).toContainText('$37.50');
    await expect(item.locator('time').first()).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
    await expect(item.getByRole('link', { name: 'Pay' })).toBeVisible();
    await expect(item.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectMenuFits(page, testInfo);
    await keepScreenshot(page, testInfo, 'fulfilment-my-orders');
    await numberLink.click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${orderId}$`));
    await expect(page.getByRole('heading', { name: `Order ${number}` })).toBeVisible();
    await expect(page.getByTestId('order-address')).toContainText('7 Wharf Street, Leeds LS2 7EQ');
    await expect(page.getByRole('link', { name: part.name })).toHaveAttribute('href', `/parts/${part.id}`);
    await expect(page.getByRole('list', { name: 'Order timeline' })).toContainText('Waiting for payment');

    // Pays from the order page.
    await page.getByRole('link', { name: 'Pay' }).click();
    const card = page.getByRole('form', { name: 'Card payment' });
    await card.getByLabel('Card number').fill('4242 4242 4242 4242');
    await card.getByLabel('Expiry (MM/YY)').fill('12/34');
    await card.getByLabel('CVC').fill('123');
    await card.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByRole('dialog')).toContainText('congrats! Your payment is completed');
    await closeAlert(page);

    // The receipt, and printing shows the receipt alone.
    await page.goto(`/dashboard/orders/${orderId}`);
    const receipt = page.getByRole('region', { name: `Receipt for order ${number}` });
    await expect(receipt).toBeVisible();
    await expect(receipt).toContainText(part.name);
    await expect(receipt).toContainText(/pi_test_\w+/);
    await expect(receipt.getByTestId('order-total')).toHaveText('$37.50');
    await expect(page.getByRole('link', { name: 'Pay' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
    await expectNoHorizontalOverflow(page);
    await keepScreenshot(page, testInfo, 'fulfilment-order-paid');
    await page.emulateMedia({ media: 'print' });
    await expect(receipt).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeHidden();
    await expect(page.getByRole('list', { name: 'Order timeline' })).toBeHidden();
    await expect(receipt.getByRole('button', { name: 'Print receipt' })).toBeHidden();
    await page.emulateMedia({ media: 'screen' });

    // A second order, cancelled by the customer (its email is the story's fourth).
    const placed = await page.request.post('/api/order', {
      data: { partId: part.id, address: '7 Wharf Street, Leeds LS2 7EQ', phone: '+44 113 496 0777', quantity: 2 },
      headers: { origin: baseURL! },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const cancelledId = ((await placed.json()) as { insertedId: string }).insertedId;
    await page.goto(`/dashboard/orders/${cancelledId}`);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, Cancel it!' }).click();
    await expect(page.getByRole('dialog')).toContainText('Your order has been Cancelled.');
    await closeAlert(page);
    await expect(page.getByRole('list', { name: 'Order timeline' })).toContainText('Cancelled by the customer');

    // The admin finds the order by its number, sees the address, ships it with a tracking number.
    const admin = await adminPage(browser, page);
    await admin.goto('/dashboard/manageOrders');
    await admin.getByRole('search', { name: 'Search orders' }).getByRole('searchbox').fill(number);
    await admin.getByRole('search', { name: 'Search orders' }).getByRole('button', { name: 'Search' }).click();
    await expect(admin).toHaveURL(/q=PM-/);
    const row = orderItem(admin, orderId);
    await expect(row).toBeVisible();
    await expect(admin.locator('[data-order-id]:visible')).toHaveCount(1);
    await expect(row).toContainText(account.email);
    await expectNoHorizontalOverflow(admin);
    await row.getByRole('button', { name: `pending: ship order ${number}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Ship order ${number}` });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('7 Wharf Street, Leeds LS2 7EQ');
    await expect(dialog).toContainText('+44 113 496 0777');
    await dialog.getByLabel('Carrier').fill('UPS');
    await dialog.getByLabel('Tracking number').fill(TRACKING);
    await expectNoHorizontalOverflow(admin);
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(admin.viewportSize()!.width);
    await keepScreenshot(admin, testInfo, 'fulfilment-ship-dialog');
    await dialog.getByRole('button', { name: 'Ship order' }).click();
    await expect(admin.getByText('Order Successfully Shipped!')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row.getByRole('button', { name: 'shipped' })).toBeDisabled();

    // The customer sees the carrier and the tracking link.
    await page.goto(`/dashboard/orders/${orderId}`);
    const timeline = page.getByRole('list', { name: 'Order timeline' });
    await expect(timeline).toContainText('Shipped');
    await expect(timeline).toContainText('Carrier: UPS');
    await expect(timeline.getByRole('link', { name: TRACKING })).toHaveAttribute('href', new RegExp(`ups\\.com.*${TRACKING}`));

    // The SMTP server received the story's four emails, each once.
    await waitForMail(account.email, new RegExp(`^Order ${number} has shipped$`));
    await waitForMail(account.email, /^Order PM-\d+ was cancelled$/);
    const mails = readMailbox(E2E_MAILBOX).filter((mail) => mail.to.includes(account.email));
    const subjects = mails.map((mail) => mail.subject);
    for (const subject of [`Order ${number} is booked: please pay it`, `Receipt for order ${number}`, `Order ${number} has shipped`]) {
      expect(subjects.filter((s) => s === subject)).toHaveLength(1);
    }
    expect(subjects.filter((s) => /was cancelled$/.test(s))).toHaveLength(1);
    const shippedMail = mails.find((mail) => mail.subject === `Order ${number} has shipped`)!;
    expect(shippedMail.body).toContain(TRACKING);
    const placedMail = mails.find((mail) => mail.subject === `Order ${number} is booked: please pay it`)!;
    expect(placedMail.body).toContain(`/dashboard/payment/${orderId}`);

    // The audit page shows the admin's shipping.
    await admin.goto('/dashboard/audit');
    await admin.getByLabel('Kind', { exact: true }).selectOption({ label: 'Order shipped' });
    await admin.getByLabel('Admin', { exact: true }).selectOption(E2E_ACCOUNTS.admin.email);
    await admin.getByRole('button', { name: 'Filter' }).click();
    await expect(admin).toHaveURL(/action=order\.ship/);
    const entry = admin.getByRole('list', { name: 'Audit entries' }).getByRole('listitem').filter({ hasText: number });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText(`by ${E2E_ACCOUNTS.admin.email}`);
    await expect(entry).toContainText(TRACKING);
    await expectNoHorizontalOverflow(admin);
    await keepScreenshot(admin, testInfo, 'fulfilment-audit');
    await admin.context().close();
  });
});

test.describe('delivery', () => {
  test('an admin marks a shipped order delivered; the customer sees it and is emailed once', async ({
    page,
    baseURL,
    browser,
  }, testInfo) => {
    const adminApi = await apiAs(baseURL!, STORAGE_STATE.admin);
    const part = await createPartViaApi(adminApi, testInfo, { price: 21, availableQuantity: 10 });
    const { api, account } = await newCustomerApi(baseURL!, testInfo, 'Dina Delivery');
    const orderId = await placeOrderViaApi(api, part.id);
    await shipOrderViaApi(adminApi, { api, orderId }, { carrier: 'UPS', trackingNumber: TRACKING });
    const number = ((await (await api.get(`/api/order/${orderId}`)).json()) as { number: string }).number;

    const admin = await adminPage(browser, page);
    await admin.goto(`/dashboard/manageOrders?q=${number}`);
    const row = orderItem(admin, orderId);
    await row.getByRole('button', { name: `Mark delivered: order ${number}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Order ${number} delivered` });
    await expect(dialog.getByLabel('Delivery date')).toBeVisible();
    await dialog.getByRole('button', { name: 'Mark delivered' }).click();
    await expect(admin.getByText('Order marked delivered!')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row.getByRole('button', { name: 'delivered' })).toBeDisabled();
    await expect(row.getByRole('button', { name: /^Mark delivered/ })).toHaveCount(0);
    await admin.goto('/dashboard/manageOrders?status=delivered');
    await expect(orderItem(admin, orderId)).toBeVisible();
    await admin.context().close();

    await signInViaApi(page.request, account);
    await page.goto(`/dashboard/orders/${orderId}`);
    await expect(page.getByText('Delivered', { exact: true }).first()).toBeVisible();
    const delivered = page.getByRole('list', { name: 'Order timeline' }).locator('[data-step="delivered"]');
    await expect(delivered).toContainText('Delivered');
    await expect(delivered.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
    await keepScreenshot(page, testInfo, 'fulfilment-delivered');
    await waitForMail(account.email, new RegExp(`^Order ${number} was delivered$`));
    expect(readMailbox(E2E_MAILBOX).filter((mail) => mail.subject === `Order ${number} was delivered`)).toHaveLength(1);
  });
});

test.describe('the admin dashboard', () => {
  test.use(asAdmin);

  test('admins land on the overview; every menu item is on screen; Manage Orders filters and pages', async ({ page }, testInfo) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(menu.getByRole('link')).toHaveText(ADMIN_MENU);
    await expect(menu.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('img', { name: /^Revenue over the last 30 days/ })).toBeVisible();
    await expectMenuFits(page, testInfo);
    await expectNoHorizontalOverflow(page);
    await keepScreenshot(page, testInfo, 'fulfilment-overview');

    await page.getByRole('link', { name: /Orders to ship/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/manageOrders\?status=to-ship$/);
    await expect(page.getByRole('navigation', { name: 'Order filters' }).getByRole('link', { name: 'To ship' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    for (const ship of await page
      .locator('[data-order-id]:visible')
      .getByRole('button', { name: /^pending: ship order/ })
      .all())
      await expect(ship).toBeEnabled();
    await expectNoHorizontalOverflow(page);
    await keepScreenshot(page, testInfo, 'fulfilment-manage-orders');
  });
});
