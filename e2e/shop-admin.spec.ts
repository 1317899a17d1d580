import type { Page, TestInfo } from '@playwright/test';
import { asAdmin, expect, test } from './fixtures';
import { expectNoHorizontalOverflow, keepScreenshot } from './helpers';

/** A name no other run or project used. */
const unique = (testInfo: TestInfo) => `${testInfo.project.name === 'phone' ? 'P' : 'D'}${Date.now().toString(36).toUpperCase()}`;

async function confirmDialog(page: Page, button: string): Promise<void> {
  await page.getByRole('dialog').getByRole('button', { name: button }).click();
}

test.describe('shop admin: shipping, taxes, discount codes, settings', () => {
  test.use(asAdmin);

  test('creates a shipping zone with a method and weight bands, then deletes it', async ({ page }, testInfo) => {
    const name = `Zone ${unique(testInfo)}`;
    await page.goto('/dashboard/shipping');
    await expect(page.getByRole('heading', { name: 'Shipping' })).toBeVisible();
    // The defaults that keep the shop's promises are there from the first start.
    const zones = page.getByRole('list', { name: 'Shipping zones' });
    await expect(zones.getByRole('heading', { name: 'United Kingdom' })).toBeVisible();
    await expect(zones.getByRole('heading', { name: 'Rest of the world' })).toBeVisible();
    await expectNoHorizontalOverflow(page);

    await page.getByRole('link', { name: 'Add zone' }).click();
    const form = page.getByRole('form', { name: 'Shipping zone' });
    await form.getByLabel('Zone name').fill(name);
    await form.getByLabel('Countries').fill('AU, NZ');
    await form.getByLabel('Postcode prefixes (optional)').fill('2000');
    await form.getByLabel('Fastest (working days)').fill('4');
    await form.getByLabel('Slowest (working days)').fill('2');
    await form.getByLabel('Band 1: up to (kg)').fill('2');
    await form.getByLabel('Price ($)').first().fill('9.50');
    await form.getByRole('button', { name: 'Add band' }).click();
    await form.getByLabel('Price ($)').nth(1).fill('19.50');
    await form.getByRole('button', { name: 'Add zone' }).click();
    await expect(form.getByText('The fastest delivery cannot be slower than the slowest')).toBeVisible();
    await form.getByLabel('Slowest (working days)').fill('6');
    await expectNoHorizontalOverflow(page);
    await form.getByRole('button', { name: 'Add zone' }).click();
    await expect(page.getByRole('heading', { name: `Edit ${name}` })).toBeVisible();
    await expect(form.getByLabel('Countries')).toHaveValue('AU, NZ');

    await page.goto('/dashboard/shipping');
    const card = zones.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    await expect(card).toContainText('AU, NZ · postcodes 2000');
    await expect(card).toContainText('4-6 working days');
    await expect(card).toContainText('up to 2 kg $9.50 · any weight $19.50');
    await expectNoHorizontalOverflow(page);
    await keepScreenshot(page, testInfo, 'shop-admin-shipping');

    await card.getByRole('button', { name: `Delete zone ${name}` }).click();
    await confirmDialog(page, 'Yes, Delete it!');
    await expect(zones.getByRole('heading', { name })).toHaveCount(0);
  });

  test('a zone that leaves a gap is saved with a warning, and the Shipping page lists the gap', async ({ page }, testInfo) => {
    const prefix = unique(testInfo);
    const name = `Gap ${prefix}`;
    const gap = `Australia, postcodes starting with ${prefix}: no active method above 0.5 kg (zone ${name})`;
    await page.goto('/dashboard/shipping/new');
    const form = page.getByRole('form', { name: 'Shipping zone' });
    await form.getByLabel('Zone name').fill(name);
    await form.getByLabel('Countries').fill('AU');
    await form.getByLabel('Postcode prefixes (optional)').fill(prefix);
    await form.getByLabel('Band 1: up to (kg)').fill('0.5');
    await form.getByLabel('Price ($)').fill('9.50');
    await form.getByRole('button', { name: 'Add zone' }).click();

    const warning = page.getByRole('dialog');
    await expect(warning.getByRole('heading', { name: 'Shipping zone added: some addresses cannot check out' })).toBeVisible();
    await expect(warning.getByRole('listitem').filter({ hasText: gap })).toHaveCount(1);
    await keepScreenshot(page, testInfo, 'shop-admin-shipping-gap-warning');
    await warning.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('heading', { name: `Edit ${name}` })).toBeVisible();

    await page.goto('/dashboard/shipping');
    const gaps = page.getByRole('list', { name: 'Shipping gaps' });
    await expect(gaps.getByRole('listitem').filter({ hasText: gap })).toHaveCount(1);
    await expectNoHorizontalOverflow(page);
    await keepScreenshot(page, testInfo, 'shop-admin-shipping-coverage');

    const card = page
      .getByRole('list', { name: 'Shipping zones' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name }) });
    await card.getByRole('button', { name: `Delete zone ${name}` }).click();
    await confirmDialog(page, 'Yes, Delete it!');
    await expect(card).toHaveCount(0);
    await expect(page.getByText(gap)).toHaveCount(0);
  });

  test('adds, edits and deletes a tax rate', async ({ page }, testInfo) => {
    // A region of Spain's (Spain's regions are not checked against a list, as US states are).
    const region = `E2E${unique(testInfo)}`;
    await page.goto('/dashboard/taxes');
    await expect(page.locator('[data-rate="GB"]')).toContainText('20%');
    const form = page.getByRole('form', { name: 'Add tax rate' });
    await form.getByLabel('Country code').fill('ES');
    await form.getByLabel('Region (optional)').fill(region);
    await form.getByLabel('Rate (%)').fill('150');
    await form.getByRole('button', { name: 'Add rate' }).click();
    await expect(form.getByText('Rate must be from 0 to 100%')).toBeVisible();
    await form.getByLabel('Rate (%)').fill('7.25');
    await form.getByLabel('Tax the shipping too').check();
    await form.getByRole('button', { name: 'Add rate' }).click();
    const row = page.locator(`[data-rate="ES ${region}"]`);
    await expect(row).toContainText('7.25%');
    await expect(row).toContainText('Taxed');
    await expectNoHorizontalOverflow(page);

    // Three decimals, as New York City's rate has.
    await row.getByRole('link', { name: `Edit ES ${region}` }).click();
    const edit = page.getByRole('form', { name: 'Edit tax rate' });
    await edit.getByLabel('Rate (%)').fill('8.875');
    await edit.getByRole('button', { name: 'Save rate' }).click();
    await expect(row).toContainText('8.875%');
    await keepScreenshot(page, testInfo, 'shop-admin-taxes');

    await row.getByRole('button', { name: `Delete tax rate ES ${region}` }).click();
    await confirmDialog(page, 'Yes, Delete it!');
    await expect(row).toHaveCount(0);
  });

  test('creates a discount code, pauses and resumes it, and opens its redemptions', async ({ page }, testInfo) => {
    const code = `E2E-${unique(testInfo)}`;
    await page.goto('/dashboard/discountCodes');
    const form = page.getByRole('form', { name: 'New discount code' });
    await form.getByLabel('Code').fill('x');
    await form.getByRole('button', { name: 'Create code' }).click();
    await expect(form.getByText('A code is 3 to 32 letters, digits, dashes or underscores')).toBeVisible();
    await form.getByLabel('Code').fill(code.toLowerCase());
    await form.getByLabel('Percent off (1-100)').fill('10');
    await form.getByLabel('Total uses (optional)').fill('5');
    await form.getByLabel('Brakes').check();
    await form.getByRole('button', { name: 'Create code' }).click();

    const item = page.locator(`[data-code="${code}"]`);
    await expect(item).toContainText('Active');
    await expect(item).toContainText('10% off · on brakes');
    await expect(item).toContainText('0 uses of 5');
    await expectNoHorizontalOverflow(page);

    await item.getByRole('button', { name: `Pause ${code}` }).click();
    await confirmDialog(page, 'Yes, Pause it');
    await expect(item).toContainText('Paused');
    await item.getByRole('button', { name: `Resume ${code}` }).click();
    await expect(item).toContainText('Active');
    await item.getByRole('button', { name: `Pause ${code}` }).click();
    await confirmDialog(page, 'Yes, Pause it');
    await expect(item).toContainText('Paused');
    await keepScreenshot(page, testInfo, 'shop-admin-codes');

    await item.getByRole('link', { name: code }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/discountCodes/${code}$`));
    await expect(page.getByRole('heading', { name: 'Redemptions' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Discount codes' })).toHaveCount(0);
    await expect(page.locator('p[aria-live="polite"]')).toHaveText('0 uses of 5');
    await expectNoHorizontalOverflow(page);

    await page.goto('/dashboard/audit?action=discount.pause');
    await expect(page.getByText(`Discount code paused: ${code}`).first()).toBeVisible();
  });

  test('keeps the orders inbox in the shop settings', async ({ page }, testInfo) => {
    await page.goto('/dashboard/settings');
    const form = page.getByRole('form', { name: 'Shop settings' });
    await form.getByLabel('New orders are emailed to').fill('not an email');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect(form.getByText('Provide a valid Email')).toBeVisible();
    await expectNoHorizontalOverflow(page);
    // One shop, one setting: only one project changes it, so the two never race.
    if (testInfo.project.name !== 'desktop') return;
    await form.getByLabel('New orders are emailed to').fill('orders@partsmart.example');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();
    await page.reload();
    await expect(form.getByLabel('New orders are emailed to')).toHaveValue('orders@partsmart.example');
    await expectNoHorizontalOverflow(page);
    // Back to nobody: the other tests' orders need not tell an inbox.
    await form.getByLabel('New orders are emailed to').fill('');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved').first()).toBeVisible();
    await expect(async () => {
      await page.reload();
      await expect(form.getByLabel('New orders are emailed to')).toHaveValue('', { timeout: 1000 });
    }).toPass({ timeout: 10_000 });
  });
});
