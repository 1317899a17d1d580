import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { STORAGE_STATE } from './config';
import { asAdmin, asCustomer, expect, test } from './fixtures';
import { apiAs, createPartViaApi, isPhone, placeOrderViaApi, seededPartId } from './helpers';

/** Every page, for each role and at both widths, open menus and pickers included: no axe-core WCAG 2.1 A or AA violation. */
async function expectAccessible(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const report = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`).join('\n    ')}`,
  );
  expect(report, `${label}\n  ${report.join('\n  ')}`).toEqual([]);
}

async function visit(page: Page, path: string) {
  await page.goto(path);
  // The client islands (session, vehicle, search) have rendered.
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, path);
}

// Each test walks through many pages, each analysed by axe.
test.describe.configure({ timeout: 240_000 });

test.describe('accessibility: a visitor', () => {
  test('the public pages', async ({ page }) => {
    const partId = await seededPartId(page.request);
    for (const path of [
      '/',
      '/parts',
      '/parts?q=brake',
      '/parts?q=zzqqxx',
      '/parts?year=2016&make=Toyota&model=Corolla',
      '/categories/brakes',
      `/parts/${partId}`,
      '/blogs',
      '/myPortfolio',
      '/login',
      '/register',
      '/reset-password',
      '/legal/terms',
      '/legal/privacy',
      '/legal/returns',
      '/legal/shipping',
      '/no-such-page',
    ])
      await visit(page, path);
  });

  test('open menus: the phone menu, the vehicle selector, the search suggestions, the catalog filters', async ({ page }, testInfo) => {
    await visit(page, '/parts');
    if (isPhone(testInfo)) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expectAccessible(page, 'phone menu');
      await page.getByRole('button', { name: 'Close menu' }).click();
      await page.getByRole('button', { name: 'Filters' }).click();
      await expectAccessible(page, 'catalog filters');
      // The drawer covers the page; Escape closes it.
      await page.keyboard.press('Escape');
      await expect(page.getByRole('complementary', { name: 'Filters' }).getByRole('link').first()).toBeHidden();
    } else {
      await page.getByRole('button', { name: /Categories/ }).click();
      await expectAccessible(page, 'categories menu');
      await page.keyboard.press('Escape');
    }
    await page.getByRole('button', { name: 'Select vehicle' }).click();
    await page.getByRole('dialog', { name: 'Your vehicle' }).getByText('Use your VIN instead').click();
    await expectAccessible(page, 'vehicle selector');
    await page.keyboard.press('Escape');
    const box = page.getByRole('combobox', { name: 'Search parts' });
    await box.pressSequentially('brak');
    await expect(page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first()).toBeVisible();
    await box.press('ArrowDown');
    await expectAccessible(page, 'search suggestions');
  });
});

test.describe('accessibility: a customer', () => {
  test.use(asCustomer);

  test('the dashboard pages, a part page signed in, an order and its payment page', async ({ page, baseURL }, testInfo) => {
    const admin = await apiAs(baseURL!, STORAGE_STATE.admin);
    const part = await createPartViaApi(admin, testInfo);
    const orderId = await placeOrderViaApi(await apiAs(baseURL!, STORAGE_STATE.customer), part.id);
    for (const path of [
      '/dashboard',
      '/dashboard/addReview',
      '/dashboard/myGarage',
      '/dashboard/addresses',
      '/dashboard/myProfile',
      `/parts/${part.id}`,
      `/dashboard/orders/${orderId}`,
      `/dashboard/payment/${orderId}`,
    ])
      await visit(page, path);
  });
});

test.describe('accessibility: an admin', () => {
  test.use(asAdmin);

  test('every admin page', async ({ page }) => {
    const partId = await seededPartId(page.request);
    for (const path of [
      '/dashboard',
      '/dashboard/manageProducts',
      `/dashboard/manageProducts/${partId}`,
      '/dashboard/manageReviews',
      '/dashboard/addProduct',
      '/dashboard/manageOrders',
      '/dashboard/makeAdmin',
      '/dashboard/audit',
      '/dashboard/lostDemand',
      '/dashboard/myProfile',
    ])
      await visit(page, path);
  });
});
