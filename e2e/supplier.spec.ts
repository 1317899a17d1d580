import path from 'node:path';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { STORAGE_STATE } from './config';
import { asAdmin, expect, test } from './fixtures';
import { apiAs } from './helpers';

/** A supplier's catalog (issue 46): the demo supplier's net-change file through the Imports page, and a job kit sold. */

const DEMO_SUPPLIER = path.join(process.cwd(), 'db', 'demo-supplier');
const COROLLA_2015 = { year: 2015, make: 'Toyota', model: 'Corolla', engine: null };
const visible = (page: Page, testId: string) => page.getByTestId(testId).filter({ visible: true });

async function chooseVehicle(context: BrowserContext, baseURL: string): Promise<void> {
  await context.addCookies([{ name: 'pm_vehicle', value: encodeURIComponent(JSON.stringify(COROLLA_2015)), url: baseURL }]);
}

test.describe('Imports', () => {
  test.use(asAdmin);

  test("the admin validates the supplier's net-change file, reads the rejected App, applies it and sees it applied", async ({ page }) => {
    await page.goto('/dashboard/imports');
    const form = page.getByRole('form', { name: 'New import' });
    await form.getByLabel('File', { exact: true }).setInputFiles(path.join(DEMO_SUPPLIER, 'aces-4.2-net-change.xml'));
    await form.getByLabel('Format').selectOption('aces');
    await form.getByRole('button', { name: 'Validate' }).click();

    // The report: three Apps read, the one on an unknown base vehicle refused with its id and reason, nothing changed yet
    // (the others name parts of the demo supplier, which this shop loads only on request: refused too).
    const report = page.getByRole('region', { name: 'aces-4.2-net-change.xml' });
    await expect(report.getByText('Validated: ready to apply')).toBeVisible({ timeout: 30_000 });
    const id = new URL(page.url()).searchParams.get('id');
    expect(id).toMatch(/^[a-f\d]{24}$/);
    const validation = report.getByRole('region', { name: 'Validation' });
    await expect(validation).toContainText('3');
    const rejected = report.getByRole('region', { name: /Rejected records/ });
    await expect(rejected.getByRole('row').filter({ hasText: /999999/ })).toHaveCount(1);

    await report.getByRole('button', { name: 'Apply' }).click();
    // While it applies the page shows its progress bar; a file of three Apps may already be done by the next refresh.
    await expect(
      report
        .getByRole('progressbar')
        .or(report.getByRole('region', { name: 'Applied' }))
        .first(),
    ).toBeVisible();
    await expect
      .poll(async () => ((await (await page.request.get(`/api/admin/imports/${id}`)).json()) as { state: string }).state, {
        timeout: 30_000,
      })
      .toBe('applied');
    await expect(report.getByRole('region', { name: 'Applied' })).toBeVisible({ timeout: 10_000 });
  });
});

test.describe('A job for a chosen car', () => {
  const created: string[] = [];
  test.afterAll(async ({ baseURL }) => {
    const admin = await apiAs(baseURL!, STORAGE_STATE.admin);
    for (const id of created.splice(0)) await admin.delete(`/api/parts/${id}`);
  });

  /** A front brake part for the 2015 Corolla, as an admin adds it with ACES-shaped fitment rows. */
  async function brakePart(admin: APIRequestContext, name: string, price: number, row: Record<string, unknown> = {}) {
    const res = await admin.post('/api/parts', {
      data: {
        name,
        price,
        availableQuantity: 40,
        minimumQuantity: 1,
        img: '/images/parts/ceramic-front-brake-pad-set.svg',
        description: 'A front brake part made for an end-to-end test, with a description longer than fifty characters.',
        category: 'brakes',
        position: 'front',
        fitment: [{ make: 'Toyota', model: 'Corolla', yearFrom: 2015, yearTo: 2015, position: 'Front', ...row }],
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const id = ((await res.json()) as { insertedId: string }).insertedId;
    created.push(id);
    return id;
  }

  test('a guest with a 2015 Corolla answers the fit question and buys the front brake job in one step', async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    const admin = await apiAs(baseURL!, STORAGE_STATE.admin);
    const tag = `${testInfo.project.name} ${Date.now().toString(36)}`;
    const pads = await brakePart(admin, `Front Brake Pad Set E2E ${tag}`, 40, { qualifiers: ['With 288 mm front rotors'] });
    await brakePart(admin, `Front Brake Rotor E2E ${tag}`, 60);
    await brakePart(admin, `Front Brake Wear Sensor E2E ${tag}`, 25);
    await chooseVehicle(context, baseURL!);

    // The pads fit only with one rotor size: their page asks before it says they fit.
    await page.goto(`/parts/${pads}`);
    const questions = visible(page, 'fit-questions');
    await expect(questions.getByRole('group', { name: 'Which of these describes your vehicle?' })).toBeVisible();
    await questions.getByRole('radio', { name: 'With 288 mm front rotors' }).check();
    await expect(visible(page, 'fit-confirmation')).toContainText('2015 Toyota Corolla');
    await expect(visible(page, 'fit-confirmation')).toContainText('with 288 mm front rotors');

    // The vehicle's parts list proposes the front brake job with the cheapest pads, these: the job asks the same
    // question before its line says they fit, and one click puts every line in the cart with the answer.
    await page.goto('/parts?year=2015&make=Toyota&model=Corolla');
    const jobs = page.getByRole('region', { name: 'Jobs for your 2015 Toyota Corolla' });
    const frontJob = jobs.getByRole('group', { name: 'Front brake job' });
    await expect(frontJob).toBeVisible();
    const addAll = frontJob.getByRole('button', { name: 'Add all to cart: Front brake job' });
    await expect(addAll).toBeDisabled();
    await frontJob
      .getByRole('group', { name: 'Which of these describes your vehicle?' })
      .getByRole('radio', { name: 'With 288 mm front rotors' })
      .check();
    await expect(frontJob.getByTestId('fit-badge')).toHaveText(/Fits your 2015 Toyota Corolla/);
    await expect(frontJob.getByTestId('fit-confirmation')).toContainText('with 288 mm front rotors');
    await addAll.click();
    await expect(visible(page, 'cart-count')).toHaveText(/^[3-9]$/);

    await visible(page, 'cart-link').click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId('cart-line').filter({ visible: true })).toHaveCount(3);
    await expect(visible(page, 'order-line-fit')).toHaveText('Fit: confirmed for 2015 Toyota Corolla, with 288 mm front rotors');
    await page.getByRole('button', { name: 'Check out' }).click();
    const checkout = page.getByRole('form', { name: 'Checkout' });
    await checkout.getByLabel('Email').fill(`job-${testInfo.project.name}-${Date.now()}@example.com`);
    await checkout.getByLabel('Full name').fill('Gudrun Jonsdottir');
    await checkout.getByLabel('Address', { exact: true }).fill('Laugavegur 12');
    await checkout.getByLabel('City').fill('Reykjavik');
    await checkout.getByLabel('Country').selectOption('IS');
    await checkout.getByLabel('Postcode').fill('101');
    await checkout.getByLabel('Phone').fill('+354 555 0101');
    await checkout.getByRole('button', { name: 'Place order and pay' }).click();
    await expect(page).toHaveURL(/\/orders\/[a-f\d]{24}\?t=/);
  });
});
