import type { Page } from '@playwright/test';
import { CATALOG_URL_FIELDS } from '../lib/catalog/url-fields.mjs';
import { asCustomer, expect, test } from './fixtures';
import {
  expectNoHorizontalOverflow,
  isPhone,
  keepScreenshot,
  openMenuIfPhone,
  registerViaApi,
  searchFromBox,
  signInViaApi,
} from './helpers';

/** The visible vehicle selector inside `scope` (the home hero, the navbar's panel or My Garage). */
async function pickVehicle(page: Page, scope: ReturnType<Page['locator']>, vehicle: { year: string; make: string; model: string }) {
  // The makes arrive from /api/vehicles once the form is live: a year chosen before that is lost.
  await expect(scope.getByLabel('Make').locator('option', { hasText: vehicle.make })).toHaveCount(1);
  await scope.getByLabel('Year').selectOption(vehicle.year);
  await scope.getByLabel('Make').selectOption(vehicle.make);
  // The models arrive from /api/vehicles once the make is chosen.
  await expect(scope.getByLabel('Model').locator('option', { hasText: vehicle.model })).toHaveCount(1);
  await scope.getByLabel('Model').selectOption(vehicle.model);
}

const corolla = { year: '2016', make: 'Toyota', model: 'Corolla' };
const civic = { year: '2018', make: 'Honda', model: 'Civic' };

test.describe('finding the right part', () => {
  test('a visitor picks year, make and model, sees only fitting parts with the badge, opens one, signs in and orders it', async ({
    page,
  }, testInfo) => {
    const account = await registerViaApi(page.request, testInfo, 'Fitment Buyer');
    const all = (await (await page.request.get('/api/search?limit=1')).json()) as { total: number };

    await page.goto('/');
    const finder = page.locator('section', { has: page.getByRole('heading', { name: 'Find the parts that fit your car' }) });
    await pickVehicle(page, finder, corolla);
    await finder.getByRole('button', { name: 'Find parts' }).click();

    await expect(page).toHaveURL(/\/parts\/search\?year=2016&make=Toyota&model=Corolla$/);
    const cards = page.locator('main article:visible');
    await expect(cards.first()).toBeVisible();
    const shown = await cards.count();
    const total = Number((await page.getByRole('heading', { name: /^\d+ parts?$/ }).textContent())!.split(' ')[0]);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(all.total);
    // Every card says how it fits the chosen car; none says it does not.
    await expect(cards.getByTestId('fit-badge')).toHaveCount(shown);
    await expect(cards.getByTestId('fit-badge').filter({ hasText: 'Does not fit' })).toHaveCount(0);
    await expect(cards.getByTestId('fit-badge').filter({ hasText: 'Fits your 2016 Toyota Corolla' }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: '2016 Toyota Corolla' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await keepScreenshot(page, testInfo, 'catalog-vehicle');

    const card = cards.filter({ hasText: 'Ceramic Front Brake Pad Set' });
    await card.getByRole('link', { name: 'Order now: Ceramic Front Brake Pad Set' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ceramic Front Brake Pad Set' })).toBeVisible();
    await expect(page.getByTestId('fit-badge').filter({ visible: true })).toHaveText(/Fits your 2016 Toyota Corolla/);
    const fitment = page.locator('section', { has: page.getByRole('heading', { name: 'Fitment' }) });
    await expect(fitment.getByRole('row', { name: /Toyota Corolla 2014–2019/ })).toBeVisible();
    await expect(fitment.getByRole('row', { name: /Honda Civic/ })).toContainText('Except Si and Type R');

    await openMenuIfPhone(page, testInfo);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).click();
    const login = page.getByRole('form', { name: 'Login' });
    await login.getByLabel('Email').fill(account.email);
    await login.getByLabel('Password', { exact: true }).fill(account.password);
    await login.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ceramic Front Brake Pad Set' })).toBeVisible();

    const form = page.getByRole('form', { name: 'Purchase' });
    await form.getByLabel('Address').fill('14 Kirkgate, Leeds LS1 6BY');
    await form.getByLabel('Phone').fill('+44 113 496 0999');
    await form.getByRole('button', { name: 'purchase now !' }).click();
    await expect(page.getByText('Order is booked, please go dashboard and pay it!')).toBeVisible();
    const orders = (await (await page.request.get(`/api/order?email=${encodeURIComponent(account.email)}`)).json()) as Array<{
      partName: string;
    }>;
    expect(orders.map((order) => order.partName)).toEqual(['Ceramic Front Brake Pad Set']);
  });

  test('a customer saves two vehicles in My Garage and switches between them', async ({ page }, testInfo) => {
    const account = await registerViaApi(page.request, testInfo, 'Garage Owner');
    await signInViaApi(page.request, account);

    await page.goto('/dashboard/myGarage');
    const add = page.locator('section', { has: page.getByRole('heading', { name: 'Add a vehicle' }) });
    await pickVehicle(page, add, corolla);
    await add.getByRole('button', { name: 'Save vehicle' }).click();
    const saved = page.getByRole('list', { name: 'Saved vehicles' });
    await expect(saved.getByRole('listitem', { name: '2016 Toyota Corolla' })).toContainText('Active');

    await pickVehicle(page, add, civic);
    await add.getByRole('button', { name: 'Save vehicle' }).click();
    await expect(saved.getByRole('listitem')).toHaveCount(2);
    await expect(saved.getByRole('listitem', { name: '2018 Honda Civic' })).toContainText('Active');
    await expect(saved.getByRole('listitem', { name: '2016 Toyota Corolla' })).not.toContainText('Active');
    await expect(page.getByRole('button', { name: '2018 Honda Civic' })).toBeVisible();

    await saved.getByRole('listitem', { name: '2016 Toyota Corolla' }).getByRole('button', { name: 'Make active' }).click();
    await expect(saved.getByRole('listitem', { name: '2016 Toyota Corolla' })).toContainText('Active');
    await expect(page.getByRole('button', { name: '2016 Toyota Corolla' })).toBeVisible();

    // The garage is the server's: a fresh page load shows the same, and a part page checks the active car.
    const garage = (await (await page.request.get('/api/garage')).json()) as {
      vehicles: Array<{ id: string; model: string }>;
      activeId: string;
    };
    expect(garage.vehicles).toHaveLength(2);
    expect(garage.vehicles.find((v) => v.id === garage.activeId)?.model).toBe('Corolla');
    await page.goto('/parts?q=SL-BP-4465');
    await page.getByRole('link', { name: 'Order now: Ceramic Front Brake Pad Set' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ceramic Front Brake Pad Set' })).toBeVisible();
    await expect(page.getByTestId('fit-badge').filter({ visible: true })).toHaveText(/Fits your 2016 Toyota Corolla/);

    // Switching from the navbar's selector.
    await page.getByRole('button', { name: '2016 Toyota Corolla' }).click();
    await page.getByRole('dialog', { name: 'Your vehicle' }).getByRole('button', { name: '2018 Honda Civic' }).click();
    await expect(page.getByTestId('fit-badge').filter({ visible: true })).toHaveText(/Check the fitment notes$/);
    await keepScreenshot(page, testInfo, 'part-fit-check');
  });

  test('the plain catalog is a static page: a search typed on it shows its results, old URLs go to the search page', async ({
    page,
    request,
  }) => {
    const old = await request.get('/parts?q=brake&utm_source=mail', { maxRedirects: 0 });
    expect(old.status()).toBe(308);
    expect(old.headers().location).toMatch(/\/parts\/search\?q=brake&utm_source=mail$/);
    const category = await request.get('/categories/brakes?brand=Stopline', { maxRedirects: 0 });
    expect(category.headers().location).toMatch(/\/categories\/brakes\/search\?brand=Stopline$/);
    // A query that narrows nothing keeps the static page; only reads are sent on (a write gets the page's 405).
    expect((await request.get('/parts?utm_source=mail', { maxRedirects: 0 })).status()).toBe(200);
    expect((await request.post('/parts?q=brake', { maxRedirects: 0 })).status()).toBe(405);

    await page.goto('/parts');
    await expect(page.getByRole('heading', { level: 1, name: 'All parts' })).toBeVisible();
    await searchFromBox(page, 'radiator');
    await expect(page).toHaveURL(/\/parts\/search\?q=radiator$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Results for “radiator”' })).toBeVisible();
    for (const card of await page.locator('main article:visible').all()) await expect(card).toContainText(/radiator/i);
    // Back to the plain list: the static page again, every part.
    await page.goBack();
    await expect(page).toHaveURL(/\/parts$/);
    await expect(page.getByRole('heading', { level: 1, name: 'All parts' })).toBeVisible();
  });

  test('the old form of a narrowed URL goes to its search page for every catalog field; the plain pages are served from the cache', async ({
    request,
  }) => {
    for (const base of ['/parts', '/categories/brakes']) {
      for (const field of Object.keys(CATALOG_URL_FIELDS)) {
        const old = await request.get(`${base}?${field}=2&utm_source=mail`, { maxRedirects: 0 });
        expect([field, old.status(), old.headers().location]).toEqual([
          field,
          308,
          expect.stringMatching(`${base}/search\\?${field}=2&utm_source=mail$`),
        ]);
      }
      await request.get(base);
      expect((await request.get(`${base}?utm_source=mail`, { maxRedirects: 0 })).headers()['x-nextjs-cache']).toBe('HIT');
    }
  });

  test('categories: from the navbar, filters in the URL with counts, the back button, the canonical URL', async ({ page }, testInfo) => {
    await page.goto('/');
    if (testInfo.project.name === 'phone') {
      await openMenuIfPhone(page, testInfo);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Brakes' }).click();
    } else {
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('button', { name: /Categories/ })
        .click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Brakes' }).click();
    }
    await expect(page).toHaveURL(/\/categories\/brakes$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Brakes' })).toBeVisible();
    await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', /\/categories\/brakes$/);
    const heading = page.getByRole('heading', { name: /^\d+ parts?$/ });
    const before = await heading.textContent();

    if (testInfo.project.name === 'phone') await page.getByRole('button', { name: 'Filters' }).click();
    const stopline = page.getByRole('complementary', { name: 'Filters' }).getByRole('link', { name: /^Stopline \d+$/ });
    const count = (await stopline.textContent())!.match(/\d+$/)![0];
    await stopline.click();
    await expect(page).toHaveURL(/\/categories\/brakes\/search\?brand=Stopline$/);
    await expect(heading).toHaveText(`${count} ${count === '1' ? 'part' : 'parts'}`);
    await expect(page.locator('meta[name=robots]')).toHaveAttribute('content', /noindex/);
    for (const card of await page.locator('main article:visible').all()) await expect(card).toContainText('Stopline');

    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price-desc');
    await expect(page).toHaveURL(/brand=Stopline&sort=price-desc$/);
    const prices = await page.locator('main article:visible p.text-2xl').allTextContents();
    const amounts = prices.map((p) => Number(p.replace(/[^0-9.]/g, '')));
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));

    await page.goBack();
    await expect(page).toHaveURL(/\/categories\/brakes\/search\?brand=Stopline$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/categories\/brakes$/);
    await expect(heading).toHaveText(before!);
  });

  test('VIN: a wrong one gets a clear message, a right one fills in the year and the make', async ({ page }) => {
    await page.goto('/');
    const finder = page.locator('section', { has: page.getByRole('heading', { name: 'Find the parts that fit your car' }) });
    await finder.getByText('Use your VIN instead').click();
    const vin = finder.getByLabel('VIN (17 characters)');
    await vin.fill('2T1BURHE2FC00000');
    await finder.getByRole('button', { name: 'Check VIN' }).click();
    await expect(finder.getByRole('alert')).toHaveText('A VIN has 17 characters; this one has 16.');
    await vin.fill('2T1BURHE3FC000002');
    await finder.getByRole('button', { name: 'Check VIN' }).click();
    await expect(finder.getByRole('alert')).toContainText('The check digit (9th character) should be 2, not 3');
    await vin.fill('2T1BURHEIFC000002');
    await finder.getByRole('button', { name: 'Check VIN' }).click();
    await expect(finder.getByRole('alert')).toContainText('A VIN never contains the letters I, O or Q');

    await vin.fill('2T1BURHE2FC000002');
    await finder.getByRole('button', { name: 'Check VIN' }).click();
    await expect(finder.getByRole('status')).toHaveText('VIN checked: a 2015 Toyota. Now choose the model.');
    await expect(finder.getByLabel('Year')).toHaveValue('2015');
    await expect(finder.getByLabel('Make')).toHaveValue('Toyota');
  });
});

test.describe('the catalog and a part page at each width', () => {
  test('filters: a column beside the results on desktop; on phones a "Filters (n)" drawer that closes on a filter, results first', async ({
    page,
  }, testInfo) => {
    await page.goto('/parts');
    const filters = page.getByRole('complementary', { name: 'Filters' });
    const button = filters.getByRole('button', { name: /^Filters \(\d+\)$/ });
    const brakes = filters.getByRole('link', { name: /^Brakes \d+$/ });
    if (!isPhone(testInfo)) {
      await expect(button).toBeHidden();
      await expect(brakes).toBeVisible();
      await brakes.click();
      await expect(page).toHaveURL(/\/categories\/brakes$|category=brakes/);
      await expect(filters.getByRole('link', { name: /^Stopline \d+$/ })).toBeVisible();
      return;
    }
    await expect(button).toHaveText('Filters (0)');
    await expect(brakes).toBeHidden();
    // The first result is on the first screen.
    const viewport = page.viewportSize()!;
    expect((await page.locator('main article').first().boundingBox())!.y).toBeLessThan(viewport.height);

    await button.click();
    await expect(brakes).toBeVisible();
    await keepScreenshot(page, testInfo, 'catalog-filters-drawer');
    await brakes.click();
    await expect(page).toHaveURL(/category=brakes/);
    await expect(brakes).toBeHidden();
    await expect(button).toHaveText('Filters (1)');
    await expect(page.getByRole('list', { name: 'Active filters' })).toContainText('Brakes');
    const first = page.locator('main article').first();
    await expect(first).toBeVisible();
    expect((await first.boundingBox())!.y).toBeLessThan(viewport.height);

    // Escape closes it without a filter.
    await button.click();
    await expect(brakes).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(brakes).toBeHidden();
    await button.click();
    await filters.getByRole('link', { name: /^In stock \d+$/ }).click();
    await expect(page).toHaveURL(/inStock=true/);
    await expect(button).toHaveText('Filters (2)');
    await expectNoHorizontalOverflow(page);
  });

  test.describe('as a customer', () => {
    test.use(asCustomer);

    test('a part page puts price, fit, stock and the purchase form before the description; fitment rows fit the screen', async ({
      page,
    }, testInfo) => {
      await page.goto('/parts?q=SL-BP-4465');
      await page.getByRole('link', { name: 'Order now: Ceramic Front Brake Pad Set' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Ceramic Front Brake Pad Set' })).toBeVisible();
      // A set is one unit.
      await expect(page.getByText('per set', { exact: true })).toBeVisible();
      const form = page.getByRole('form', { name: 'Purchase' });
      await expect(form).toBeVisible();
      await expect(form.getByLabel('Quantity')).toHaveValue('1');
      await expect(form.getByText('Minimum 1 sets')).toBeVisible();
      const top = async (locator: ReturnType<Page['locator']>) => (await locator.boundingBox())!.y;
      const description = page.getByText(/^A four-pad axle set built around/).filter({ visible: true });
      const formTop = await top(form);
      expect(await top(page.getByText('per set', { exact: true }))).toBeLessThan(formTop);
      expect(await top(page.getByTestId('available-quantity').filter({ visible: true }))).toBeLessThan(formTop);
      expect(formTop).toBeLessThan(await top(description));
      if (isPhone(testInfo)) expect(formTop).toBeLessThan(1400);

      const fitment = page.locator('section', { has: page.getByRole('heading', { name: 'Fitment' }) });
      const civic = fitment.getByRole('row', { name: /Honda Civic/ });
      await expect(civic).toContainText('Except Si and Type R');
      const cells = civic.getByRole('cell');
      const notes = cells.filter({ hasText: 'Except Si and Type R' });
      const viewport = page.viewportSize()!;
      const notesBox = (await notes.boundingBox())!;
      expect(notesBox.x + notesBox.width).toBeLessThanOrEqual(viewport.width);
      const makeBox = (await cells.first().boundingBox())!;
      // Stacked on a phone (the notes below the make), one line on a desktop.
      if (isPhone(testInfo)) expect(notesBox.y).toBeGreaterThan(makeBox.y + makeBox.height - 1);
      else expect(Math.abs(notesBox.y - makeBox.y)).toBeLessThan(4);
      await expectNoHorizontalOverflow(page);
      await notes.scrollIntoViewIfNeeded();
      await keepScreenshot(page, testInfo, 'part-page-order');
    });
  });
});
