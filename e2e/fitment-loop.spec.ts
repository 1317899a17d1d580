import type { BrowserContext, Page } from '@playwright/test';
import { linkIn, readMailbox } from '../tests/helpers/mailbox';
import { E2E_CRON_SECRET, E2E_MAILBOX, STORAGE_STATE } from './config';
import { expect, test } from './fixtures';
import {
  adminPage,
  apiAs,
  createPartViaApi,
  deliveredOrderViaApi,
  deliverOrderViaApi,
  guestOrderViaApi,
  newCustomerApi,
  withShopDb,
  type FitmentRow,
} from './helpers';

/** The fitment loop (issue 47): buyers' "does not fit" returns reach the fitment data, and their "it fits" answers the part page.
 * Each test has its own part, so the two widths and the two stories never share a review or a count. */

type Vehicle = { year: number; make: string; model: string };

const DAY_MS = 86_400_000;

/** The browser's active vehicle, as the navbar's selector stores it. */
async function chooseVehicle(context: BrowserContext, baseURL: string, vehicle: Vehicle): Promise<void> {
  const value = encodeURIComponent(JSON.stringify({ ...vehicle, engine: null }));
  await context.addCookies([{ name: 'pm_vehicle', value, url: baseURL }]);
}

/** Opens the part page until `check` holds: a change reaches the cached page once its tag has expired. */
async function expectPartPage(page: Page, partId: string, check: () => Promise<void>): Promise<void> {
  await expect(async () => {
    await page.goto(`/parts/${partId}`);
    await check();
  }).toPass({ timeout: 20_000 });
}

/** The part page's fit badge: its verdict (`data-fit`) and its words (after an icon the screen reader skips). */
async function expectBadge(page: Page, fit: 'fits' | 'reported' | 'no', text: string, timeout?: number): Promise<void> {
  const badge = page.getByTestId('fit-badge').filter({ visible: true }).first();
  await expect(badge).toHaveAttribute('data-fit', fit, { timeout });
  await expect(badge).toContainText(text, { timeout });
}
const label = (vehicle: Vehicle) => `${vehicle.year} ${vehicle.make} ${vehicle.model}`;

test.describe('fitment reviews', () => {
  const ROW: FitmentRow = { make: 'Volkswagen', model: 'Passat', yearFrom: 2012, yearTo: 2019 };
  const RETURNED: Vehicle = { year: 2013, make: 'Volkswagen', model: 'Passat' };

  test('two "does not fit" returns warn on the part page; the admin narrows the row and the badge follows', async ({
    page,
    context,
    baseURL,
    browser,
  }, testInfo) => {
    const adminApi = await apiAs(baseURL!, STORAGE_STATE.admin);
    const part = await createPartViaApi(adminApi, testInfo, {
      name: `Fit loop pads ${testInfo.project.name} ${Date.now().toString(36)}`,
      fitment: [ROW],
    });
    await chooseVehicle(context, baseURL!, RETURNED);
    await page.goto(`/parts/${part.id}`);
    await expectBadge(page, 'fits', `Fits your ${label(RETURNED)}`);

    // Two customers' delivered orders, each returned as "does not fit" on the same vehicle.
    await Promise.all(
      ['Una Unfit', 'Otto Other'].map(async (name) => {
        const { api } = await newCustomerApi(baseURL!, testInfo, name);
        const orderId = await deliveredOrderViaApi(adminApi, api, part.id);
        const res = await api.post(`/api/orders/${orderId}/returns`, {
          data: {
            lines: [{ partId: part.id, quantity: 1 }],
            reason: 'does-not-fit',
            vehicle: label(RETURNED),
            mismatch: 'The pad clips sit a few millimetres off',
          },
        });
        expect(res.status(), await res.text()).toBe(201);
      }),
    );
    await expectPartPage(page, part.id, async () => {
      await expectBadge(page, 'reported', 'Check the fit notes', 2_000);
    });

    // The admin finds the review: the part, the vehicle, the row that let it through and its two returns.
    const admin = await adminPage(browser, page);
    await admin.goto('/dashboard/fitment-reviews');
    const review = admin.locator('tr[data-review]', { hasText: part.name });
    await expect(review).toContainText(label(RETURNED));
    await expect(review).toContainText('Volkswagen Passat 2012-2019');
    await expect(review.getByRole('cell').nth(3).locator('p').first()).toHaveText('2');
    await review.getByRole('button', { name: 'Narrow' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Narrow Volkswagen Passat 2012-2019' });
    await dialog.getByLabel('From year').fill('2014');
    await dialog.getByRole('button', { name: 'Narrow' }).click();
    await expect(admin.getByText('Row narrowed')).toBeVisible();
    await expect(review).toHaveCount(0);
    await admin.goto('/dashboard/fitment-reviews?state=resolved');
    await expect(review).toContainText('Narrowed to 2014-2019');
    await admin.context().close();

    // The returned vehicle is no longer listed as fitting; a year the row still covers fits as before.
    await expectPartPage(page, part.id, async () => {
      await expectBadge(page, 'no', 'Does not fit', 2_000);
    });
    await chooseVehicle(context, baseURL!, { ...RETURNED, year: 2016 });
    await page.goto(`/parts/${part.id}`);
    await expectBadge(page, 'fits', 'Fits your 2016 Volkswagen Passat');
  });
});

test.describe('fit confirmations', () => {
  const ROW: FitmentRow = { make: 'Subaru', model: 'Outback', yearFrom: 2015, yearTo: 2019 };
  const BOUGHT_FOR: Vehicle = { year: 2017, make: 'Subaru', model: 'Outback' };

  test('a guest answers the fit-check email with Yes: the part page counts one more buyer, and a second Yes counts nothing', async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    const adminApi = await apiAs(baseURL!, STORAGE_STATE.admin);
    const part = await createPartViaApi(adminApi, testInfo, {
      name: `Fit check filter ${testInfo.project.name} ${Date.now().toString(36)}`,
      fitment: [ROW],
    });
    await chooseVehicle(context, baseURL!, BOUGHT_FOR);
    const fittedBy = page.getByText(/^Fitted by \d+ buyers? with this vehicle$/);
    await page.goto(`/parts/${part.id}`);
    await expectBadge(page, 'fits', `Fits your ${label(BOUGHT_FOR)}`);
    await expect(fittedBy).toHaveCount(0);

    // A guest buys it for the Outback and it is delivered today; no call can date a delivery before its shipping, so the
    // ten days (FIT_CHECK_DAYS) pass in the due record. Then the fit-check job runs, as Vercel Cron calls it.
    const order = await guestOrderViaApi(await apiAs(baseURL!), testInfo, part.id, BOUGHT_FOR);
    await deliverOrderViaApi(adminApi, order);
    const backdated = await withShopDb((db) =>
      db
        .collection<{ _id: string; deliveredAt: Date }>('fitcheckdues')
        .updateOne({ _id: order.orderId }, { $set: { deliveredAt: new Date(Date.now() - 10 * DAY_MS) } }),
    );
    expect(backdated.matchedCount).toBe(1);
    const job = await adminApi.get('/api/cron/fit-checks', { headers: { authorization: `Bearer ${E2E_CRON_SECRET}` } });
    expect(job.status(), await job.text()).toBe(200);

    const subject = `Did it fit your ${label(BOUGHT_FOR)}?`;
    const mails = () => readMailbox(E2E_MAILBOX).filter((mail) => mail.to.includes(order.email) && mail.subject === subject);
    await expect.poll(() => mails().length, { timeout: 20_000 }).toBe(1);
    const yes = linkIn(mails()[0]!, 'fits=yes');

    await page.goto(yes);
    await expect(page.getByText(`Did it fit your ${label(BOUGHT_FOR)}?`)).toBeVisible();
    await page.getByRole('button', { name: 'Yes, it fits' }).click();
    await expect(page.getByText('Thank you: your answer helps the next buyer with this vehicle.')).toBeVisible();
    await expectPartPage(page, part.id, async () => {
      await expect(fittedBy).toHaveText('Fitted by 1 buyer with this vehicle', { timeout: 2_000 });
    });

    // The link again: answered already, no button; its answer sent again is refused, and the count stays.
    await page.goto(yes);
    await expect(page.getByText('You already answered for this part of the order: thank you.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Yes, it fits' })).toHaveCount(0);
    const token = new URL(yes).pathname.split('/').pop()!;
    const again = await page.request.post(`/api/parts/${part.id}/fit-confirmations`, {
      data: { orderId: order.orderId, fits: true, token },
      headers: { origin: baseURL! },
    });
    expect(again.status(), await again.text()).toBe(409);
    await page.goto(`/parts/${part.id}`);
    await expect(fittedBy).toHaveText('Fitted by 1 buyer with this vehicle');
  });
});
