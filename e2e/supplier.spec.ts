import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { asAdmin, expect, test } from './fixtures';

/** A supplier's catalog (issue 46): the demo supplier, loaded through the importer at the first start, imported again and sold. */

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

    // The report: three Apps read, the one on an unknown base vehicle refused with its id and reason, nothing changed yet.
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
  test('a guest with a 2015 Corolla answers the fit question and buys the front brake job in one step', async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    await chooseVehicle(context, baseURL!);

    // The pads that replace OE 04465-02220 are found by that number, and fit only with one rotor size: the page asks.
    await page.goto('/parts?q=04465-02220');
    await expect(page.getByText('Replaces OE 04465-02220').filter({ visible: true }).first()).toBeVisible();
    const search = (await (await page.request.get('/api/search?q=04465-02220')).json()) as {
      items: Array<{ _id: string; replaces?: string }>;
    };
    const pads = search.items.find((item) => item.replaces === 'Replaces OE 04465-02220');
    expect(pads).toBeDefined();
    await page.goto(`/parts/${pads!._id}`);
    await expect(page).toHaveURL(/\/parts\/[a-f\d]{24}/);
    const questions = visible(page, 'fit-questions');
    await expect(questions.getByRole('group', { name: 'Which of these describes your vehicle?' })).toBeVisible();
    await questions.getByRole('radio', { name: 'With 288 mm front rotors' }).check();
    await expect(visible(page, 'fit-confirmation')).toContainText('2015 Toyota Corolla');
    await expect(visible(page, 'fit-confirmation')).toContainText('With 288 mm front rotors');

    // The vehicle's parts list proposes the front brake job; one click puts every line in the cart.
    await page.goto('/parts?year=2015&make=Toyota&model=Corolla');
    const jobs = page.getByRole('region', { name: 'Jobs for your 2015 Toyota Corolla' });
    await expect(jobs).toBeVisible();
    const frontJob = jobs.getByRole('group', { name: 'Front brake job' });
    await expect(frontJob).toBeVisible();
    await frontJob.getByRole('button', { name: 'Add all to cart: Front brake job' }).click();
    await expect(visible(page, 'cart-count')).toHaveText(/^[3-9]$/);

    await visible(page, 'cart-link').click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId('cart-line').filter({ visible: true })).toHaveCount(3);
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
    await expect(
      page
        .getByText(/Front .*pad/i)
        .filter({ visible: true })
        .first(),
    ).toBeVisible();
  });
});
