import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { STORAGE_STATE } from './config';
import { expect, test } from './fixtures';
import { apiAs, expectNoHorizontalOverflow, isPhone, keepScreenshot, openMenuIfPhone, searchFromBox } from './helpers';

/** With a vehicle chosen, every way into a list lands on the vehicle's own, kept in the URL so pages stay shared and cached. */

const CIVIC = 'year=2018&make=Honda&model=Civic';
const BANNER = 'Parts for your 2018 Honda Civic · Show all parts';
/** A seeded brake part listed for the Ford F-150 only. */
const F150_CALIPER = 'Remanufactured Front Brake Caliper, Left';

/** Chooses a vehicle in the navbar's selector, as a first-time visitor does. */
async function chooseVehicle(page: Page, vehicle: { year: string; make: string; model: string }) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: /^Select vehicle$|^\d{4} / })
    .click();
  const panel = page.getByRole('dialog', { name: 'Your vehicle' });
  // The makes arrive from /api/vehicles once the form is live: a year chosen before that is lost.
  await expect(panel.getByLabel('Make').locator('option', { hasText: vehicle.make })).toHaveCount(1);
  await panel.getByLabel('Year').selectOption(vehicle.year);
  await panel.getByLabel('Make').selectOption(vehicle.make);
  await expect(panel.getByLabel('Model').locator('option', { hasText: vehicle.model })).toHaveCount(1);
  await panel.getByLabel('Model').selectOption(vehicle.model);
  await panel.getByRole('button', { name: 'Set vehicle' }).click();
  await expect(page.getByRole('button', { name: `${vehicle.year} ${vehicle.make} ${vehicle.model}` })).toBeVisible();
}

/** A part with no fitment rows: it may fit any vehicle, so every vehicle's list keeps it. */
async function createUniversalPart(admin: APIRequestContext, testInfo: TestInfo) {
  const name = `Universal tyre valve ${testInfo.project.name} ${Date.now().toString(36)}`;
  const res = await admin.post('/api/parts', {
    data: {
      name,
      price: 4.5,
      availableQuantity: 30,
      minimumQuantity: 1,
      img: '/images/parts/spin-on-engine-oil-filter.svg',
      description: 'A rubber snap-in tyre valve that fits every standard steel or alloy wheel rim, sold one at a time.',
      category: 'brakes',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { id: ((await res.json()) as { insertedId: string }).insertedId, name };
}

// A page left by a client navigation stays in the document, hidden: only what is visible counts.
const banner = (page: Page) => page.getByText(BANNER).filter({ visible: true });
const cards = (page: Page) => page.locator('main article:visible');
const badges = (page: Page) => cards(page).getByTestId('fit-badge');

test.describe('the catalog for the chosen vehicle', () => {
  test('the navbar, a search, a category and a plain visit all list what fits, universal parts included; Show all parts stays', async ({
    page,
    baseURL,
  }, testInfo) => {
    // A walk through a dozen pages and two full-page screenshots: over a minute on a loaded phone run.
    test.setTimeout(120_000);
    const admin = await apiAs(baseURL!, STORAGE_STATE.admin);
    const universal = await createUniversalPart(admin, testInfo);
    try {
      // Without a vehicle the plain catalog stays the plain catalog.
      await page.goto('/parts');
      await expect(page.getByRole('heading', { level: 1, name: 'All parts' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/parts');
      await expect(page.getByText(/^Parts for your/).filter({ visible: true })).toHaveCount(0);

      await page.goto('/blogs');
      await chooseVehicle(page, { year: '2018', make: 'Honda', model: 'Civic' });

      // The navbar's Parts link.
      await openMenuIfPhone(page, testInfo);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Parts', exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/parts/search\\?${CIVIC}$`));
      await expect(banner(page)).toBeVisible();
      await expect(cards(page).first()).toBeVisible();
      await expect(badges(page).filter({ hasText: 'Does not fit' })).toHaveCount(0);
      await expectNoHorizontalOverflow(page);
      await keepScreenshot(page, testInfo, 'catalog-for-vehicle');

      // A search from the navbar: the universal part is listed, the F-150's caliper is not.
      await searchFromBox(page, universal.name);
      await expect(page).toHaveURL(new RegExp(`/parts/search\\?q=[^&]+&${CIVIC}$`));
      await expect(page.getByRole('heading', { level: 1, name: `Results for “${universal.name}”` })).toBeVisible();
      await expect(banner(page)).toBeVisible();
      await expect(cards(page).filter({ hasText: universal.name })).toHaveCount(1);
      await searchFromBox(page, F150_CALIPER);
      await expect(page).toHaveURL(new RegExp(`/parts/search\\?q=[^&]+&${CIVIC}$`));
      await expect(page.getByRole('heading', { level: 1, name: `Results for “${F150_CALIPER}”` })).toBeVisible();
      await expect(cards(page).filter({ hasText: F150_CALIPER })).toHaveCount(0);
      // "Show all parts" drops the vehicle and keeps the search: there it is, and it does not fit.
      await page.getByRole('link', { name: 'Show all parts' }).click();
      await expect(page).toHaveURL(/\/parts\/search\?q=[^&]+$/);
      await expect(banner(page)).toHaveCount(0);
      await expect(cards(page).filter({ hasText: F150_CALIPER }).getByTestId('fit-badge')).toHaveText(/Does not fit$/);

      // A category from the navbar's menu.
      if (isPhone(testInfo)) await page.getByRole('button', { name: 'Open menu' }).click();
      else await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Categories' }).click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Brakes', exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/categories/brakes/search\\?${CIVIC}$`));
      await expect(banner(page)).toBeVisible();
      await expect(badges(page).filter({ hasText: 'Does not fit' })).toHaveCount(0);

      // Plain visits (a bookmark, a shared link) go to the vehicle's list.
      await page.goto('/parts');
      await expect(page).toHaveURL(new RegExp(`/parts/search\\?${CIVIC}$`));
      await page.goto('/categories/brakes');
      await expect(page).toHaveURL(new RegExp(`/categories/brakes/search\\?${CIVIC}$`));

      // Show all parts on a category: the whole category, and it stays so.
      await page.getByRole('link', { name: 'Show all parts' }).click();
      await expect(page).toHaveURL(/\/categories\/brakes\?all=1$/);
      await page.waitForLoadState('networkidle');
      await expect(page).toHaveURL(/\/categories\/brakes\?all=1$/);
      await expect(banner(page)).toHaveCount(0);
      await expect(badges(page).filter({ hasText: 'Does not fit' }).first()).toBeVisible();
      // The fit filter is in view, on a phone too (not in the filters' drawer), and narrows the list again.
      const fitFilter = page.getByRole('link', { name: 'Only parts that fit my 2018 Honda Civic' });
      await expect(fitFilter).toBeInViewport();
      await keepScreenshot(page, testInfo, 'catalog-all-parts-with-vehicle');
      await fitFilter.click();
      await expect(page).toHaveURL(new RegExp(`/categories/brakes/search\\?${CIVIC}$`));
      await expect(banner(page)).toBeVisible();
    } finally {
      await admin.delete(`/api/parts/${universal.id}`);
      await admin.dispose();
    }
  });

  test('another vehicle chosen on a search narrows the same search to it', async ({ page }) => {
    await page.goto('/parts/search?q=brake');
    await expect(page.getByRole('heading', { level: 1, name: 'Results for “brake”' })).toBeVisible();
    await chooseVehicle(page, { year: '2016', make: 'Toyota', model: 'Corolla' });
    await expect(page).toHaveURL(/\/parts\/search\?q=brake&year=2016&make=Toyota&model=Corolla$/);
    await expect(page.getByText('Parts for your 2016 Toyota Corolla · Show all parts').filter({ visible: true })).toBeVisible();
    await chooseVehicle(page, { year: '2018', make: 'Honda', model: 'Civic' });
    await expect(page).toHaveURL(new RegExp(`/parts/search\\?q=brake&${CIVIC}$`));
    await expect(banner(page)).toBeVisible();
  });
});
