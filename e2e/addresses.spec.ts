import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { STORAGE_STATE } from './config';
import { expect, test } from './fixtures';
import { apiAs, createPartViaApi, keepScreenshot, registerViaApi, signInViaApi } from './helpers';

/** The address book (issue 44): My Addresses in the dashboard, and the checkout that fills in its default. */

const LEEDS = { name: 'Ada Lovelace', line1: '1 Mill Road', city: 'Leeds', postalCode: 'LS2 7HX', country: 'GB' };
const NEW_YORK = { name: 'Ada Lovelace', line1: '350 Fifth Avenue', city: 'New York', postalCode: '10118', country: 'US' };

/** A new customer signed in on this page's browser. */
async function signedInCustomer(page: Page, testInfo: Parameters<typeof registerViaApi>[1]) {
  const account = await registerViaApi(page.request, testInfo, 'Ada Lovelace');
  await signInViaApi(page.request, account);
  return account;
}

async function fillAddress(form: ReturnType<Page['getByRole']>, address: typeof LEEDS) {
  await form.getByLabel('Full name').fill(address.name);
  await form.getByLabel('Address', { exact: true }).fill(address.line1);
  await form.getByLabel('City').fill(address.city);
  await form.getByLabel('Postcode').fill(address.postalCode);
  await form.getByLabel('Country').selectOption(address.country);
}

const entry = (page: Page, text: string) =>
  page.getByRole('list', { name: 'Saved addresses' }).getByRole('listitem').filter({ hasText: text });

test.describe('My Addresses', () => {
  test('adds, refuses a postcode of another country, edits, makes default and deletes after a confirmation', async ({ page }, testInfo) => {
    await signedInCustomer(page, testInfo);
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Addresses' }).click();
    await expect(page).toHaveURL(/\/dashboard\/addresses$/);
    await expect(page.getByText('No saved addresses yet')).toBeVisible();

    const form = page.getByRole('form', { name: 'New address' });
    await fillAddress(form, { ...LEEDS, postalCode: '10118' });
    await form.getByRole('button', { name: 'Save address' }).click();
    await expect(form.getByText('Enter a UK postcode like SW1A 1AA')).toBeVisible();
    await expect(form.getByLabel('Postcode')).toHaveAttribute('aria-invalid', 'true');

    await form.getByLabel('Postcode').fill('ls2 7hx');
    await form.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByText('Address saved')).toBeVisible();
    await expect(entry(page, '1 Mill Road')).toContainText('LS2 7HX');
    await expect(entry(page, '1 Mill Road').getByText('Default', { exact: true })).toBeVisible();
    // The form is empty again for the next one.
    await expect(form.getByLabel('Full name')).toHaveValue('');

    await fillAddress(form, NEW_YORK);
    await form.getByLabel('Make this my default address').check();
    await form.getByRole('button', { name: 'Save address' }).click();
    const newYork = entry(page, '350 Fifth Avenue');
    // The state comes from the ZIP code.
    await expect(newYork).toContainText('New York, NY, 10118, United States');
    await expect(newYork.getByText('Default', { exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Saved addresses' }).getByRole('listitem').first()).toContainText('350 Fifth Avenue');
    await expect(entry(page, '1 Mill Road').getByText('Default', { exact: true })).toHaveCount(0);

    await newYork.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('form', { name: 'Edit address' });
    await expect(edit.getByLabel('State or region (optional)')).toHaveValue('NY');
    await edit.getByLabel('Address', { exact: true }).fill('20 W 34th Street');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Address updated')).toBeVisible();
    await expect(entry(page, '20 W 34th Street').getByText('Default', { exact: true })).toBeVisible();

    await entry(page, '1 Mill Road').getByRole('button', { name: 'Make default' }).click();
    await expect(page.getByText('Default address changed')).toBeVisible();
    await expect(entry(page, '1 Mill Road').getByText('Default', { exact: true })).toBeVisible();
    await keepScreenshot(page, testInfo, 'address-book');

    await entry(page, '20 W 34th Street').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog')).toContainText('Are you sure?');
    await page.getByRole('dialog').getByRole('button', { name: 'No' }).click();
    await expect(entry(page, '20 W 34th Street')).toBeVisible();
    await entry(page, '20 W 34th Street').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, remove it!' }).click();
    await expect(page.getByText('Address removed')).toBeVisible();
    await expect(entry(page, '20 W 34th Street')).toHaveCount(0);

    // Stored: the page drawn again from the server shows the same book.
    await page.reload();
    await expect(page.getByRole('list', { name: 'Saved addresses' }).getByRole('listitem')).toHaveCount(1);
    await expect(entry(page, '1 Mill Road').getByText('Default', { exact: true })).toBeVisible();
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  test('the checkout fills in the default address, offers the book, and saves a new address when asked', async ({
    page,
    baseURL,
  }, testInfo) => {
    await signedInCustomer(page, testInfo);
    const write = { headers: { origin: baseURL! } };
    const admin = await apiAs(baseURL!, STORAGE_STATE.admin);
    const part = await createPartViaApi(admin, testInfo, { price: 30 });
    expect((await page.request.post('/api/addresses', { ...write, data: { address: LEEDS } })).status()).toBe(201);
    expect((await page.request.post('/api/addresses', { ...write, data: { address: NEW_YORK, isDefault: true } })).status()).toBe(201);
    expect((await page.request.post('/api/cart/lines', { ...write, data: { partId: part.id, quantity: 1 } })).status()).toBe(201);

    await page.goto('/checkout');
    const form = page.getByRole('form', { name: 'Checkout' });
    await expect(form.getByLabel('Address', { exact: true })).toHaveValue('350 Fifth Avenue');
    await expect(form.getByLabel('Postcode')).toHaveValue('10118');
    await expect(form.getByLabel('Country')).toHaveValue('US');
    const saved = form.getByLabel('Saved addresses');
    await expect(saved.locator('optgroup[label="Address book"] option')).toHaveText([
      'Ada Lovelace, 350 Fifth Avenue, New York, 10118, US (default)',
      'Ada Lovelace, 1 Mill Road, Leeds, LS2 7HX, GB',
    ]);
    await saved.selectOption({ label: 'Ada Lovelace, 1 Mill Road, Leeds, LS2 7HX, GB' });
    await expect(form.getByLabel('Address', { exact: true })).toHaveValue('1 Mill Road');
    await expect(form.getByLabel('Country')).toHaveValue('GB');
    const save = form.getByLabel('Save this address to my address book');
    await expect(save).not.toBeChecked();

    // A new address, saved with the order.
    await fillAddress(form, { ...LEEDS, line1: '2 Stonegate', city: 'York', postalCode: 'YO1 8AS' });
    await form.getByLabel('Phone').fill('+44 1904 555 010');
    await save.check();
    await expect(form.getByRole('radio').first()).toBeChecked();
    await form.getByRole('button', { name: 'Place order and pay' }).click();
    await expect(page).not.toHaveURL(/\/checkout$/);
    await page.goto('/dashboard/addresses');
    await expect(entry(page, '2 Stonegate')).toContainText('York, YO1 8AS, United Kingdom');
    await expect(page.getByRole('list', { name: 'Saved addresses' }).getByRole('listitem')).toHaveCount(3);
  });
});
