import path from 'node:path';
import { STORAGE_STATE } from './config';
import { asAdmin, asCustomer, expect, test } from './fixtures';
import {
  apiAs,
  closeAlert,
  createPartViaApi,
  expectNoHorizontalOverflow,
  keepScreenshot,
  newClientIp,
  newCustomerApi,
  signInViaApi,
  withShopDb,
} from './helpers';

const PHOTO = path.resolve('e2e', 'fixtures', 'test-photo.png');
const DESCRIPTION = 'Sealed double-row wheel bearing hub with an integrated ABS ring, pressed and greased at the factory.';

test.describe('admin catalog', () => {
  test.use(asAdmin);

  test('adds a product with an uploaded image and finds it on / and on its page', async ({ page }, testInfo) => {
    const name = `Wheel Bearing Hub ${testInfo.project.name} ${Date.now().toString(36)}`;
    await page.goto('/dashboard/addProduct');
    const form = page.getByRole('form', { name: 'Product' });
    await form.getByRole('button', { name: 'Add Product' }).click();
    for (const message of [
      'Name is Required',
      'Price is Required',
      'Give some Quantity',
      'Give minimum Quantity of product',
      'Image is Required',
      'Review is Required',
    ]) {
      await expect(form.getByText(message)).toBeVisible();
    }
    await form.getByLabel('Description').fill('x'.repeat(49));
    await form.getByRole('button', { name: 'Add Product' }).click();
    await expect(form.getByText('Give Description 50 characters or longer')).toBeVisible();

    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Price ($)').fill('74.90');
    await form.getByLabel('Available quantity').fill('40');
    await form.getByLabel('Minimum quantity').fill('2');
    await form.getByLabel('Description').fill(DESCRIPTION);
    await form.getByLabel('Image').setInputFiles(PHOTO);
    await expect(form.getByRole('img', { name: 'Uploaded image preview' })).toBeVisible();
    await form.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByRole('dialog')).toContainText('Product added successfully');
    await closeAlert(page);

    await page.goto('/');
    const card = page.locator('#parts article', { has: page.getByRole('heading', { name }) });
    await expect(card).toBeVisible();
    await expect(card.getByText('$74.90')).toBeVisible();
    await expect(card.getByRole('img', { name })).toBeVisible();
    await card.getByRole('link', { name: /^Order now/ }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByTestId('available-quantity').filter({ visible: true })).toHaveText('40 pieces');
    await expect(page.getByText(DESCRIPTION).filter({ visible: true })).toBeVisible();
  });

  test('edits and restocks a product; the stock history shows the move', async ({ page, baseURL }, testInfo) => {
    const admin = await apiAs(baseURL!, STORAGE_STATE.admin);
    const part = await createPartViaApi(admin, testInfo, { availableQuantity: 40, price: 10 });
    await page.goto('/dashboard/manageProducts');
    await page.getByRole('link', { name: `Edit ${part.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/manageProducts/${part.id}$`));
    const form = page.getByRole('form', { name: 'Product' });
    await expect(form.getByLabel('Available quantity')).toHaveValue('40');
    await form.getByLabel('Price ($)').fill('11.25');
    await form.getByLabel('Available quantity').fill('60');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('dialog')).toContainText('Product updated');
    await closeAlert(page);

    const history = page.getByRole('region', { name: 'Stock history' });
    await expect(history.getByRole('row').nth(1)).toContainText('Restock');
    await expect(history.getByRole('row').nth(1)).toContainText('+20');
    await expect(history.getByRole('row').nth(1)).toContainText('60');
    await expect(form.getByLabel('Available quantity')).toHaveValue('60');
    await keepScreenshot(page, testInfo, 'edit-product');

    await page.goto(`/parts/${part.id}`);
    await expect(page.getByTestId('available-quantity').filter({ visible: true })).toHaveText('60 pieces');
    await expect(page.getByText('$11.25').first()).toBeVisible();
  });

  test('adds a product with its catalog fields and fitment; the vehicle check shows under its cell; edit keeps and clears', async ({
    page,
  }, testInfo) => {
    const stamp = `${testInfo.project.name}-${Date.now().toString(36)}`.toUpperCase();
    const name = `Strut Top Mount ${stamp}`;
    const partNumber = `SM-${stamp}`;
    const oem = `48609-${stamp.slice(-6)}`;
    await page.goto('/dashboard/addProduct');
    await page.waitForLoadState('networkidle');
    const form = page.getByRole('form', { name: 'Product' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Price ($)').fill('38.20');
    await form.getByLabel('Available quantity').fill('15');
    await form.getByLabel('Minimum quantity').fill('1');
    await form.getByLabel('Description').fill(DESCRIPTION);
    await form.getByLabel('Image').setInputFiles(PHOTO);
    await expect(form.getByRole('img', { name: 'Uploaded image preview' })).toBeVisible();
    await form.getByLabel('Category').selectOption('suspension');
    await form.getByLabel('Position (optional)').selectOption('front-left');
    await form.getByLabel('Brand').fill('Moog');
    await form.getByLabel('Part number').fill(partNumber);
    await form.getByLabel('OEM numbers').fill(oem);

    const rows = form.getByRole('list', { name: 'Fitment rows' });
    for (const [make, model, from, to] of [
      ['Toyota', 'Corolla', '2014', '2019'],
      ['Honda', 'Flux', '2016', '2018'],
    ] as const) {
      await form.getByRole('button', { name: 'Add a vehicle' }).click();
      const row = rows.getByRole('listitem').last();
      await row.getByLabel('Make').fill(make);
      await row.getByLabel('Model').fill(model);
      await row.getByLabel('From year').fill(from);
      await row.getByLabel('To year').fill(to);
    }
    await rows.getByRole('listitem', { name: 'Vehicle 1' }).getByLabel('Notes (optional)').fill('Front axle only');
    // Only the server knows the vehicle list: its message lands under the Model of the second row, and nothing is stored.
    await form.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByRole('dialog')).toContainText('Something was Wrong, please try again');
    // The alert names the field the server refused.
    await expect(page.getByRole('dialog')).toContainText('Fitment row 2, model: Flux is not a Honda model in the vehicle list');
    await closeAlert(page);
    const secondModel = rows.getByRole('listitem', { name: 'Vehicle 2' }).getByLabel('Model');
    await expect(secondModel).toHaveAccessibleDescription('Flux is not a Honda model in the vehicle list');
    expect(await withShopDb((db) => db.collection('parts').countDocuments({ name }))).toBe(0);

    await form.getByRole('button', { name: 'Remove vehicle 2' }).click();
    await expect(rows.getByRole('listitem')).toHaveCount(1);
    await form.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByRole('dialog')).toContainText('Product added successfully');
    await closeAlert(page);
    // The form is empty again, ready for the next product.
    await expect(form.getByLabel('Name')).toHaveValue('');
    await expect(form.getByLabel('OEM numbers')).toHaveValue('');
    await expect(rows.getByRole('listitem')).toHaveCount(0);

    const stored = await withShopDb((db) => db.collection('parts').findOne({ name }));
    expect(stored).toMatchObject({ category: 'suspension', position: 'front-left', brand: 'Moog', partNumber, oemNumbers: [oem] });
    const storedFitment = await withShopDb((db) => db.collection('partfitments').findOne({ _id: stored!._id }));
    expect(storedFitment!.rows).toEqual([
      expect.objectContaining({ make: 'Toyota', model: 'Corolla', yearFrom: 2014, yearTo: 2019, notes: 'Front axle only' }),
    ]);
    const id = String(stored!._id);

    await page.goto(`/parts/${id}`);
    const fitment = page.getByRole('region', { name: 'Fitment' });
    await expect(fitment.getByRole('row')).toHaveCount(2);
    await expect(fitment.getByRole('row', { name: /Toyota Corolla 2014–2019 All engines Front axle only/ })).toBeVisible();

    await page.goto(`/dashboard/manageProducts/${id}`);
    await page.waitForLoadState('networkidle');
    await expect(form.getByLabel('Category')).toHaveValue('suspension');
    await expect(form.getByLabel('Position (optional)')).toHaveValue('front-left');
    await expect(form.getByLabel('Part number')).toHaveValue(partNumber);
    await expect(form.getByLabel('OEM numbers')).toHaveValue(oem);
    await expect(rows.getByRole('listitem', { name: 'Vehicle 1' }).getByLabel('Notes (optional)')).toHaveValue('Front axle only');
    // Emptying an optional field clears it.
    await form.getByLabel('Position (optional)').selectOption('');
    await form.getByLabel('Brand').fill('');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('dialog')).toContainText('Product updated');
    await closeAlert(page);
    const edited = (await (await page.request.get(`/api/parts/${id}`)).json()) as Record<string, unknown>;
    expect(edited).toMatchObject({ position: null, brand: null, partNumber, oemNumbers: [oem], category: 'suspension' });
    expect(edited.fitment).toHaveLength(1);
  });

  test('catalog fields and fitment: adds rows, removes one, refuses reversed years, keeps everything on edit', async ({
    page,
    baseURL,
  }, testInfo) => {
    const admin = await apiAs(baseURL!, STORAGE_STATE.admin);
    const part = await createPartViaApi(admin, testInfo);
    const partNumber = `FT-${testInfo.project.name}-${Date.now().toString(36)}`.toUpperCase();
    await page.goto(`/dashboard/manageProducts/${part.id}`);
    // The form takes over its fields once its script runs: choose only after that.
    await page.waitForLoadState('networkidle');
    const form = page.getByRole('form', { name: 'Product' });
    const rows = form.getByRole('list', { name: 'Fitment rows' });
    for (const vehicle of [
      ['Toyota', 'Corolla', '2014', '2019', 'Front axle only'],
      ['Honda', 'Civic', '2016', '2012', ''],
      ['Mazda', 'Mazda3', '2014', '2018', ''],
    ]) {
      await form.getByRole('button', { name: 'Add a vehicle' }).click();
      const row = rows.getByRole('listitem').last();
      await row.getByLabel('Make').fill(vehicle[0]!);
      await row.getByLabel('Model').fill(vehicle[1]!);
      await row.getByLabel('From year').fill(vehicle[2]!);
      await row.getByLabel('To year').fill(vehicle[3]!);
      if (vehicle[4]) await row.getByLabel('Notes (optional)').fill(vehicle[4]);
    }
    // Chosen once rows were added, which only the live form does: a category chosen while the page was
    // still being hydrated went back to the part's own (CI once, desktop).
    await form.getByLabel('Category').selectOption('brakes');
    await form.getByLabel('Position (optional)').selectOption('front');
    await form.getByLabel('Brand').fill('Stopline');
    await form.getByLabel('Part number').fill(partNumber);
    const oem = `45022-${partNumber.slice(-6)}`;
    await form.getByLabel('OEM numbers').fill(`04465-99991, ${oem}`);
    // The Civic row's years run backwards: refused under the row, nothing saved.
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(
      rows.getByRole('listitem', { name: 'Vehicle 2' }).getByText('The last year cannot be before the first year'),
    ).toBeVisible();
    const unchanged = (await (await page.request.get(`/api/parts/${part.id}`)).json()) as { fitment: unknown[]; brand: string | null };
    expect(unchanged.fitment).toEqual([]);
    expect(unchanged.brand).toBeNull();

    await form.getByRole('button', { name: 'Remove vehicle 2' }).click();
    await expect(rows.getByRole('listitem')).toHaveCount(2);
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('dialog')).toContainText('Product updated');
    await closeAlert(page);

    const saved = (await (await page.request.get(`/api/parts/${part.id}`)).json()) as Record<string, unknown>;
    expect(saved).toMatchObject({
      category: 'brakes',
      position: 'front',
      brand: 'Stopline',
      partNumber,
      oemNumbers: ['04465-99991', oem],
    });
    // A row entered by hand has no ACES fields (submodel, position, quantity, qualifiers).
    const handRow = { subModel: null, position: null, quantity: null, qualifiers: [] };
    expect(saved.fitment).toEqual([
      { make: 'Toyota', model: 'Corolla', yearFrom: 2014, yearTo: 2019, engine: null, notes: 'Front axle only', ...handRow },
      { make: 'Mazda', model: 'Mazda3', yearFrom: 2014, yearTo: 2018, engine: null, notes: null, ...handRow },
    ]);

    // The edit page shows what was saved; the part page shows the fitment table; search finds the OEM number.
    await page.reload();
    await expect(form.getByLabel('Brand')).toHaveValue('Stopline');
    await expect(form.getByLabel('OEM numbers')).toHaveValue(`04465-99991, ${oem}`);
    await expect(rows.getByRole('listitem')).toHaveCount(2);
    await expect(rows.getByRole('listitem', { name: 'Vehicle 2' }).getByLabel('Model')).toHaveValue('Mazda3');
    await keepScreenshot(page, testInfo, 'edit-product-fitment');
    await page.goto(`/parts/${part.id}`);
    const table = page.locator('section', { has: page.getByRole('heading', { name: 'Fitment' }) });
    await expect(table.getByRole('row', { name: /Toyota Corolla 2014–2019/ })).toContainText('Front axle only');
    await expect(table.getByRole('row', { name: /Mazda Mazda3/ })).toBeVisible();
    await expect
      .poll(
        async () => ((await (await page.request.get(`/api/search?q=${oem}`)).json()) as { items: Array<{ _id: string }> }).items[0]?._id,
      )
      .toBe(part.id);
  });

  test("a search without results appears on the admin's Lost Demand page", async ({ page }, testInfo) => {
    // One made-up word: nothing in the catalog can match it, even with a typo forgiven.
    const term = `zqfluxcapacitor${testInfo.project.name}${Date.now().toString(36)}`;
    // An address of its own: one address adds only so many terms a day, and the suite shares one.
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': newClientIp() });
    await page.goto('/parts');
    const box = page.getByRole('combobox', { name: 'Search parts' });
    await box.fill(term);
    await box.press('Enter');
    await expect(page.getByText(`No parts match “${term}”.`)).toBeVisible();

    await page.goto('/dashboard/lostDemand');
    const searches = page.getByRole('region', { name: 'Searches without results' });
    const row = searches.getByRole('row', { name: new RegExp(term) });
    await expect(row).toContainText('1');
    // Times, then the distinct addresses that asked: one address, once.
    await expect(searches.getByRole('columnheader')).toContainText(['Search', 'Times', 'Addresses', 'Last', 'Vehicles']);
    await expect(row.getByRole('cell').nth(1)).toHaveText('1');
    await expect(row.getByRole('cell').nth(2)).toHaveText('1');
  });

  test('deletes a product: No keeps it, Yes deletes it everywhere', async ({ page, baseURL }, testInfo) => {
    const admin = await apiAs(baseURL!, STORAGE_STATE.admin);
    const part = await createPartViaApi(admin, testInfo);
    await page.goto('/dashboard/manageProducts');
    await keepScreenshot(page, testInfo, 'manage-products');
    const remove = page.getByRole('button', { name: `Delete ${part.name}` });
    await remove.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Are you sure?');
    await expect(dialog).toContainText("You won't be able to Delete this Product?");
    // The visitor asks for reduced motion (playwright.config.ts): the dialog opens without its animation.
    await expect(dialog).not.toHaveClass(/swal2-show/);
    await dialog.getByRole('button', { name: 'No' }).click();
    await expect(dialog).toContainText('Product not Deleted!');
    await closeAlert(page);
    await expect(remove).toBeVisible();

    await remove.click();
    await dialog.getByRole('button', { name: 'Yes, Delete it!' }).click();
    await expect(dialog).toContainText('Deleted!');
    await expect(dialog).toContainText('Product has been Deleted.');
    await closeAlert(page);
    await expect(remove).toHaveCount(0);
    expect((await page.goto(`/parts/${part.id}`))?.status()).toBe(404);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: part.name })).toHaveCount(0);
  });

  test('removes a review, which leaves the home page', async ({ page, baseURL }, testInfo) => {
    const { api, account } = await newCustomerApi(baseURL!, testInfo, `Reviewer ${testInfo.project.name} ${Date.now().toString(36)}`);
    const res = await api.post('/api/review', { data: { image: '/images/reviewers/henrik-lund.svg', rating: 2, review: DESCRIPTION } });
    expect(res.status()).toBe(201);
    await page.goto('/');
    await expect(page.locator('#reviews').getByRole('heading', { name: account.name })).toBeVisible();

    await page.goto('/dashboard/manageReviews');
    await page.getByRole('button', { name: `Remove the review by ${account.name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, Delete it!' }).click();
    await expect(page.getByRole('dialog')).toContainText('Deleted!');
    await closeAlert(page);
    await expect(page.getByRole('button', { name: `Remove the review by ${account.name}` })).toHaveCount(0);
    await page.goto('/');
    await expect(page.locator('#reviews').getByRole('heading', { name: account.name })).toHaveCount(0);
  });

  test('makes a customer admin, who then sees the admin menu', async ({ page, baseURL, browser }, testInfo) => {
    const { account } = await newCustomerApi(baseURL!, testInfo, 'Future Admin');
    await page.goto('/dashboard/makeAdmin');
    const row = page.getByRole('row', { name: new RegExp(account.email) });
    await expect(row).toContainText(/^\d+/);
    await keepScreenshot(page, testInfo, 'make-admin');
    // Granting asks first, as revoking does: No changes nothing.
    await row.getByRole('button', { name: `Make Admin ${account.email}` }).click();
    await expect(page.getByRole('dialog')).toContainText(`${account.email} will be able to manage products`);
    await page.getByRole('dialog').getByRole('button', { name: 'No' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(row.getByRole('button', { name: `Make Admin ${account.email}` })).toBeVisible();
    expect(await withShopDb((db) => db.collection('users').findOne({ email: account.email }))).not.toHaveProperty('role');
    await row.getByRole('button', { name: `Make Admin ${account.email}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, Make Admin' }).click();
    await expect(page.getByText('Successfully Promoting to Admin')).toBeVisible();
    await expect(row.getByText('Admin', { exact: true })).toBeVisible();

    const context = await browser.newContext();
    const newAdmin = await context.newPage();
    await signInViaApi(newAdmin.request, account);
    await newAdmin.goto('/dashboard');
    await expect(newAdmin.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Make Admin' })).toBeVisible();
    await context.close();
  });

  test("an admin whose role was taken away gets the spec's alert on Make Admin, is signed out and sent to /", async ({
    browser,
    baseURL,
  }, testInfo) => {
    const { account } = await newCustomerApi(baseURL!, testInfo, 'Short Lived Admin');
    const admin = await apiAs(baseURL!, STORAGE_STATE.admin);
    expect((await admin.put(`/api/user/admin/${encodeURIComponent(account.email)}`)).status()).toBe(200);
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInViaApi(page.request, account);
    await page.goto('/dashboard/makeAdmin');
    await withShopDb((db) => db.collection('users').updateOne({ email: account.email }, { $unset: { role: '' } }));
    await page
      .getByRole('button', { name: /^Make Admin / })
      .first()
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, Make Admin' }).click();
    await expect(page.getByRole('dialog')).toContainText("You're not a admin, you can't make admin anyone!!");
    await closeAlert(page);
    await expect(page).toHaveURL(new RegExp(`^${baseURL}/?$`));
    expect(await (await page.request.get('/api/auth/session')).json()).toEqual({});
    await context.close();
  });
});

test.describe('admin: finding products and reading the audit log', () => {
  test.use(asAdmin);

  test('Manage Products finds by name, part number and brand, and filters by category and stock', async ({ page, baseURL }, testInfo) => {
    const admin = await apiAs(baseURL!, STORAGE_STATE.admin);
    const tag = `${testInfo.project.name}${Date.now().toString(36)}`;
    const make = async (name: string, extra: Record<string, unknown>) => {
      const res = await admin.post('/api/parts', {
        data: {
          name,
          price: 15,
          minimumQuantity: 1,
          img: '/images/parts/spin-on-engine-oil-filter.svg',
          description: 'A part made for an end-to-end test, with a description that is comfortably longer than fifty characters.',
          ...extra,
        },
      });
      expect(res.status(), await res.text()).toBe(201);
    };
    await make(`Findable Lamp ${tag}`, { availableQuantity: 0, category: 'lighting', brand: `Brand${tag}`, partNumber: `FL-${tag}` });
    await make(`Findable Hose ${tag}`, { availableQuantity: 9, category: 'cooling', brand: `Brand${tag}`, partNumber: `FH-${tag}` });

    await page.goto('/dashboard/manageProducts');
    const search = page.getByRole('search', { name: 'Find products' });
    const cards = page.locator('main article');
    const find = async (fields: { q?: string; category?: string; stock?: string }) => {
      await search.getByLabel('Name, part number or brand').fill(fields.q ?? '');
      await search.getByLabel('Category').selectOption(fields.category ?? '');
      await search.getByLabel('Stock').selectOption(fields.stock ?? '');
      await search.getByRole('button', { name: 'Find' }).click();
    };
    // By part number, by brand, by name (the index learns of a new part within seconds).
    // The exact part number first, then what its words match (other parts numbered FL-...).
    await expect(async () => {
      await find({ q: `FL-${tag}` });
      await expect(cards.first()).toContainText(`Findable Lamp ${tag}`, { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await find({ q: `Brand${tag}` });
    await expect(page.getByText('2 products found')).toBeVisible();
    await find({ q: `Findable Hose ${tag}` });
    await expect(cards.first()).toContainText(`Findable Hose ${tag}`);
    // Category and stock, with the words.
    await find({ q: `Brand${tag}`, category: 'lighting' });
    await expect(page.getByText('1 product found')).toBeVisible();
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(`Findable Lamp ${tag}`);
    await find({ q: `Brand${tag}`, stock: 'in' });
    await expect(page.getByText('1 product found')).toBeVisible();
    await expect(cards.first()).toContainText(`Findable Hose ${tag}`);
    await find({ q: `Brand${tag}`, stock: 'out' });
    await expect(page).toHaveURL(/stock=out/);
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(`Findable Lamp ${tag}`);
    // Out of stock across the whole catalog: every card says so.
    await find({ stock: 'out' });
    for (const card of await cards.all()) await expect(card.getByTestId('available-quantity')).toHaveText('Out Of Stock');
    await expectNoHorizontalOverflow(page);
    await keepScreenshot(page, testInfo, 'manage-products-search');
    await page.getByRole('link', { name: 'Clear' }).click();
    await expect(page).toHaveURL(/\/dashboard\/manageProducts$/);
  });

  test('the audit log shows a change as field, before and after in words, within the screen', async ({ page, baseURL }, testInfo) => {
    const admin = await apiAs(baseURL!, STORAGE_STATE.admin);
    const part = await createPartViaApi(admin, testInfo, { price: 12.5 });
    const res = await admin.put(`/api/parts/${part.id}`, {
      data: {
        price: 14,
        fitment: [
          {
            make: 'Toyota',
            model: 'Corolla',
            yearFrom: 2014,
            yearTo: 2019,
            notes: 'Front axle only, with the 275 mm rotors fitted at the factory',
          },
          { make: 'Honda', model: 'Civic', yearFrom: 2016, yearTo: 2021 },
        ],
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    await page.goto('/dashboard/audit?action=part.update');
    const entry = page.getByRole('list', { name: 'Audit entries' }).getByRole('listitem').filter({ hasText: part.name }).first();
    await expect(entry).toContainText('Product edited');
    await expect(entry.getByRole('term').filter({ hasText: 'Price' })).toBeVisible();
    await expect(entry).toContainText(
      'Toyota Corolla 2014–2019 (Front axle only, with the 275 mm rotors fitted at the factory); Honda Civic 2016–2021',
    );
    await expect(entry.getByRole('term').filter({ hasText: 'Fitment' })).toBeVisible();
    expect(await entry.textContent()).not.toContain('{"');
    await expectNoHorizontalOverflow(page);
    await keepScreenshot(page, testInfo, 'audit-readable');
  });
});

test.describe('customer reviews', () => {
  test('a customer adds a review with an uploaded image and a 4-star rating, and finds it on /', async ({ page, baseURL }, testInfo) => {
    const { account } = await newCustomerApi(baseURL!, testInfo, `Kim ${testInfo.project.name} ${Date.now().toString(36)}`);
    await signInViaApi(page.request, account);
    await page.goto('/dashboard/addReview');
    const form = page.getByRole('form', { name: 'Review' });
    await expect(form.getByLabel('Name')).toHaveValue(account.name);
    await expect(form.getByLabel('Name')).toBeDisabled();
    await expect(form.getByRole('radio', { name: '1 star' })).toBeChecked();
    await form.getByRole('button', { name: 'Add Review' }).click();
    await expect(form.getByText('Image is Required')).toBeVisible();
    await expect(form.getByText('Review is Required')).toBeVisible();
    await form.getByLabel('Review').fill('Too short to count.');
    await form.getByRole('button', { name: 'Add Review' }).click();
    await expect(form.getByText('Give Review 50 characters or longer')).toBeVisible();

    await form.getByLabel('Review').fill('The brake pads fitted perfectly, arrived in two days and stop quietly even in the rain.');
    await form.getByRole('radio', { name: '1 star' }).focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await expect(form.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await form.getByLabel('Image').setInputFiles(PHOTO);
    await expect(form.getByRole('img', { name: 'Uploaded image preview' })).toBeVisible();
    await form.getByRole('button', { name: 'Add Review' }).click();
    await expect(page.getByRole('dialog')).toContainText("Your review Added! Thank's for your feedback.");
    await closeAlert(page);

    await page.goto('/');
    const review = page.locator('#reviews article', { has: page.getByRole('heading', { name: account.name }) });
    await expect(review).toBeVisible();
    await expect(review.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
  });

  test.describe('as the seeded customer', () => {
    test.use(asCustomer);
    test('cannot open the product edit page either', async ({ page, baseURL }, testInfo) => {
      const admin = await apiAs(baseURL!, STORAGE_STATE.admin);
      const part = await createPartViaApi(admin, testInfo);
      await page.goto(`/dashboard/manageProducts/${part.id}`);
      await expect(page.getByRole('dialog')).toContainText("UnAuthorized Access, You can't access Admin route !!");
    });
  });
});
