import type { Page } from '@playwright/test';
import { readMailbox } from '../tests/helpers/mailbox';
import { E2E_MAILBOX, STORAGE_STATE } from './config';
import { expect, test } from './fixtures';
import { adminPage, apiAs, createPartViaApi, deliveredOrderViaApi, newCustomerApi, signInViaApi } from './helpers';

const mailsTo = (to: string, subject: string) =>
  readMailbox(E2E_MAILBOX).filter((mail) => mail.to.includes(to) && mail.subject === subject);

/** A sweetalert2 prompt: its field filled (when given), then its confirm button. */
async function answerPrompt(page: Page, confirm: string, value?: string) {
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: confirm })).toBeVisible();
  if (value !== undefined) await dialog.getByRole('textbox').fill(value);
  await dialog.getByRole('button', { name: confirm }).click();
}

test.describe('returns', () => {
  test('a delivered part that does not fit: the customer asks, the admin approves, receives and refunds; an email a step', async ({
    page,
    baseURL,
    browser,
  }, testInfo) => {
    const adminApi = await apiAs(baseURL!, STORAGE_STATE.admin);
    const part = await createPartViaApi(adminApi, testInfo, { price: 21, availableQuantity: 10 });
    const { api, account } = await newCustomerApi(baseURL!, testInfo, 'Rita Return');
    const orderId = await deliveredOrderViaApi(adminApi, api, part.id);
    const order = (await (await api.get(`/api/order/${orderId}`)).json()) as { number: string; total: number };

    await signInViaApi(page.request, account);
    await page.goto(`/dashboard/orders/${orderId}`);
    const form = page.getByRole('form', { name: 'Return parts' });
    await form.getByLabel(/\(up to 1\)/).fill('1');
    await form.getByLabel('Reason').selectOption('does-not-fit');
    await form.getByLabel('Vehicle it did not fit').fill('2016 Toyota Corolla 1.8L');
    await form.getByLabel('What did not match').fill('The sensor plug is a different shape');
    await form.getByRole('button', { name: 'Ask to return' }).click();
    await expect(page.getByText('Return requested: we answer by email within two working days')).toBeVisible();

    const admin = await adminPage(browser, page);
    await admin.goto('/dashboard/returns?state=requested');
    const row = admin.locator('tr[data-return]', { hasText: order.number });
    await expect(row).toContainText('Does not fit my vehicle');
    await row.getByRole('button', { name: 'Approve' }).click();
    await answerPrompt(admin, 'Approve', 'Send it back in its box to the shop.');
    await expect(admin.getByText('Return approved')).toBeVisible();

    await admin.goto('/dashboard/returns?state=approved');
    await row.getByRole('button', { name: 'Receive' }).click();
    const received = admin.getByRole('dialog', { name: `Parts received from order ${order.number}` });
    await received.getByRole('button', { name: 'Receive' }).click();
    await expect(admin.getByText('Return received')).toBeVisible();

    await admin.goto('/dashboard/returns?state=received');
    await row.getByRole('button', { name: 'Refund' }).click();
    await answerPrompt(admin, 'Refund');
    await expect(admin.getByText('Refund paid')).toBeVisible();
    await admin.goto('/dashboard/returns?state=refunded');
    await expect(row).toBeVisible();
    await admin.context().close();

    const stored = (await (await api.get(`/api/order/${orderId}`)).json()) as { refundedTotal: number };
    expect(stored.refundedTotal).toBeGreaterThan(0);
    expect(stored.refundedTotal).toBeLessThanOrEqual(order.total);
    const subjects = [
      `We received your return request for order ${order.number}`,
      `Your return for order ${order.number} is approved`,
      `We received your returned parts for order ${order.number}`,
    ];
    for (const subject of subjects) await expect.poll(() => mailsTo(account.email, subject).length, { timeout: 20_000 }).toBe(1);
    await expect
      .poll(
        () => readMailbox(E2E_MAILBOX).filter((mail) => mail.to.includes(account.email) && /^Your refund of /.test(mail.subject)).length,
        {
          timeout: 20_000,
        },
      )
      .toBe(1);
  });
});

test.describe('tell me when', () => {
  test('a guest asks to hear when a part is back; the admin restocks it; one email arrives within a minute', async ({
    page,
    baseURL,
  }, testInfo) => {
    // The alerts job runs every 30 s: the email may take most of a minute.
    test.setTimeout(120_000);
    const adminApi = await apiAs(baseURL!, STORAGE_STATE.admin);
    const part = await createPartViaApi(adminApi, testInfo, { price: 14, availableQuantity: 0 });
    const email = `alert-${testInfo.project.name}-${Date.now().toString(36)}@example.com`;
    await page.goto(`/parts/${part.id}`);
    const form = page.getByRole('form', { name: 'Email me when it is back' });
    await form.getByLabel('Your email').fill(email);
    await form.getByRole('button', { name: 'Email me when it is back' }).click();
    await expect(page.getByText("Done: we'll email you once, within a minute of it arriving.")).toBeVisible();

    const restocked = await adminApi.put(`/api/parts/${part.id}`, { data: { availableQuantity: 5 } });
    expect(restocked.status(), await restocked.text()).toBe(200);
    await expect.poll(() => mailsTo(email, `Back in stock: ${part.name}`).length, { timeout: 70_000, intervals: [2_000] }).toBe(1);
  });
});
