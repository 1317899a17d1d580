import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoHorizontalOverflow, keepScreenshot, openMenuIfPhone, registerViaApi } from './helpers';

/** The home hero's vehicle selector. */
const heroFinder = (page: Page) =>
  page.locator('section', { has: page.getByRole('heading', { name: 'Find the parts that fit your car' }) });

/** The options of a select's group, as their texts. */
async function groupOptions(select: Locator, label: string): Promise<string[]> {
  return select.locator(`optgroup[label="${label}"] option`).allTextContents();
}

test.describe('the vehicle selector', () => {
  test('marks the makes and models the shop has parts for, and says so plainly for a vehicle it has none for', async ({
    page,
  }, testInfo) => {
    await page.goto('/');
    const finder = heroFinder(page);
    const make = finder.getByLabel('Make');
    await expect(make.locator('optgroup[label="We have parts for"] option').first()).toBeAttached();
    expect(await groupOptions(make, 'We have parts for')).toEqual(expect.arrayContaining(['Toyota', 'Honda', 'BMW']));

    await finder.getByLabel('Year').selectOption('2018');
    await make.selectOption('BMW');
    const model = finder.getByLabel('Model');
    await expect(model.locator('option', { hasText: '3 Series' })).toHaveCount(1);
    // BMW's parts fit the 3 Series of 2012 to 2016 only: in 2018 it is listed under "No parts yet".
    expect(await groupOptions(model, 'No parts yet')).toContain('3 Series');
    expect(await groupOptions(model, 'Parts for 2018')).not.toContain('3 Series');
    await finder.getByLabel('Year').selectOption('2014');
    await expect(model.locator('optgroup[label="Parts for 2014"] option', { hasText: '3 Series' })).toHaveCount(1);

    await finder.getByLabel('Year').selectOption('2018');
    await model.selectOption('3 Series');
    await finder.getByRole('button', { name: 'Find parts' }).click();
    await expect(page).toHaveURL(/\/parts\/search\?year=2018&make=BMW&model=3\+Series$/);
    // Parts with no fitment data may be listed below (to check by their notes); none is known to fit.
    const results = page.getByRole('region', { name: /^\d+ parts?$/ });
    await expect(results.getByText('No parts for your 2018 BMW 3 Series yet')).toBeVisible();
    // The nearest help: the years it has parts for, every part to check by its fitment table, the categories.
    await expect(results.getByRole('link', { name: '2016', exact: true })).toBeVisible();
    await expect(results.getByRole('link', { name: 'Brakes', exact: true })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await keepScreenshot(page, testInfo, 'vehicle-no-parts');

    await results.getByRole('link', { name: '2016', exact: true }).click();
    await expect(page).toHaveURL(/year=2016&make=BMW&model=3\+Series/);
    await expect(page.getByRole('heading', { name: /^[1-9]\d* parts?$/ })).toBeVisible();
    await expect(page.locator('main article').first()).toBeVisible();

    await page.goBack();
    await page.getByRole('link', { name: 'look through every part and check its fitment table' }).click();
    // Every part, though the vehicle stays chosen: the plain list is asked not to narrow itself to it.
    await expect(page).toHaveURL(/\/parts\?all=1$/);
    await expect(page.locator('main article').first()).toBeVisible();
  });

  test('a visitor’s vehicle chosen with “Any engine” is kept in the garage at sign-in', async ({ page }, testInfo) => {
    const account = await registerViaApi(page.request, testInfo, 'Any Engine Driver');
    await page.goto('/');
    await page.getByRole('button', { name: 'Select vehicle' }).click();
    const panel = page.getByRole('dialog', { name: 'Your vehicle' });
    await panel.getByLabel('Year').selectOption('2016');
    await panel.getByLabel('Make').selectOption('Toyota');
    await expect(panel.getByLabel('Model').locator('option', { hasText: 'Corolla' })).toHaveCount(1);
    await panel.getByLabel('Model').selectOption('Corolla');
    await expect(panel.getByLabel('Engine')).toHaveValue('');
    await panel.getByRole('button', { name: 'Set vehicle' }).click();
    await expect(page.getByRole('button', { name: '2016 Toyota Corolla' })).toBeVisible();

    const garageCalls: number[] = [];
    page.on('response', (res) => {
      if (new URL(res.url()).pathname === '/api/garage' && res.request().method() === 'POST') garageCalls.push(res.status());
    });
    await openMenuIfPhone(page, testInfo);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).click();
    const login = page.getByRole('form', { name: 'Login' });
    await login.getByLabel('Email').fill(account.email);
    await login.getByLabel('Password', { exact: true }).fill(account.password);
    await login.getByRole('button', { name: 'Login', exact: true }).click();

    await expect.poll(() => garageCalls).toEqual([201]);
    await expect(page.getByRole('button', { name: '2016 Toyota Corolla' })).toBeVisible();
    const garage = (await (await page.request.get('/api/garage')).json()) as {
      vehicles: Array<{ year: number; make: string; model: string; engine: string | null }>;
    };
    expect(garage.vehicles).toEqual([expect.objectContaining({ year: 2016, make: 'Toyota', model: 'Corolla', engine: null })]);
  });
});

test.describe('a VIN', () => {
  async function checkVin(page: Page, vin: string) {
    const finder = heroFinder(page);
    await finder.getByText('Use your VIN instead').click();
    await finder.getByLabel('VIN (17 characters)').fill(vin);
    await finder.getByRole('button', { name: 'Check VIN' }).click();
    return finder;
  }

  test('whose year and make have no model in the list says so and offers the nearest years and the whole catalog', async ({
    page,
  }, testInfo) => {
    await page.goto('/');
    const finder = await checkVin(page, '1HGCM82633A004352');
    await expect(finder.getByRole('status').filter({ hasText: 'VIN checked' })).toHaveText('VIN checked: a 2003 Honda.');
    const help = finder.getByRole('status').filter({ hasText: 'Our vehicle list has no Honda models from 2003.' });
    await expect(help).toBeVisible();
    await expect(finder.getByLabel('Model')).toHaveValue('');
    await expect(finder.getByRole('button', { name: 'Find parts' })).toBeDisabled();
    await expect(help.getByRole('button', { name: '2002' })).toBeVisible();
    await expect(help.getByRole('link', { name: 'Browse the whole catalog' })).toHaveAttribute('href', '/parts');
    await keepScreenshot(page, testInfo, 'vin-dead-end');

    // The nearest year with parts leads on to a model and the parts.
    const withParts = help.getByRole('button', { name: /^\d{4} \(parts\)$/ }).first();
    const year = (await withParts.textContent())!.slice(0, 4);
    expect(Number(year)).toBeGreaterThan(2003);
    await withParts.click();
    await expect(finder.getByLabel('Year')).toHaveValue(year);
    await expect(help).toBeHidden();
    const model = (await finder.getByLabel('Model').locator(`optgroup[label="Parts for ${year}"] option`).first().textContent())!;
    await finder.getByLabel('Model').selectOption(model);
    await finder.getByRole('button', { name: 'Find parts' }).click();
    await expect(page).toHaveURL(new RegExp(`/parts/search\\?year=${year}&make=Honda&model=${encodeURIComponent(model)}$`));
    await expect(page.locator('main article').first()).toBeVisible();
  });

  test('from Europe, without a North American check digit, is decoded instead of refused', async ({ page }) => {
    await page.goto('/');
    const finder = await checkVin(page, 'WVWZZZ1KZAW123456');
    await expect(finder.getByRole('status').filter({ hasText: 'VIN checked' })).toContainText('VIN checked: a 2010 Volkswagen.');
    await expect(finder.getByRole('alert')).toHaveCount(0);
    await expect(finder.getByLabel('Year')).toHaveValue('2010');
    await expect(finder.getByLabel('Make')).toHaveValue('Volkswagen');
    // A North American VIN with a wrong check digit is still refused.
    await finder.getByLabel('VIN (17 characters)').fill('1HGCM82643A004352');
    await finder.getByRole('button', { name: 'Check VIN' }).click();
    await expect(finder.getByRole('alert')).toContainText('The check digit (9th character) should be 3, not 4');
  });
});
