import { STORAGE_STATE } from './config';
import { asCustomer, expect, test } from './fixtures';
import { apiAs, newCustomerApi, placeOrderViaApi } from './helpers';

test.describe('a part that orders left below its minimum', () => {
  test.use(asCustomer);

  test('says so and disables the purchase button', async ({ page, baseURL }, testInfo) => {
    const admin = await apiAs(baseURL!, STORAGE_STATE.admin);
    const product = {
      name: `E2E below minimum ${testInfo.project.name} ${Date.now().toString(36)}`,
      price: 9.5,
      img: '/images/parts/spin-on-engine-oil-filter.svg',
      category: 'filters',
      description: 'A part made for an end-to-end test, with a description that is comfortably longer than fifty characters.',
    };
    const refused = await admin.post('/api/parts', { data: { ...product, availableQuantity: 5, minimumQuantity: 8 } });
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors.minimumQuantity).toEqual([
      'Minimum quantity cannot be more than the available quantity',
    ]);
    const created = await admin.post('/api/parts', { data: { ...product, availableQuantity: 10, minimumQuantity: 4 } });
    expect(created.status(), await created.text()).toBe(201);
    const partId = ((await created.json()) as { insertedId: string }).insertedId;
    // A customer of its own: the demo customer's unpaid orders of other tests may fill its hold slots
    // (UNPAID_HOLD_ORDERS), and an order past them takes no stock until it is paid.
    const { api: customer } = await newCustomerApi(baseURL!, testInfo, 'Minnie Mum');
    await placeOrderViaApi(customer, partId, 8);

    await page.goto(`/parts/${partId}`);
    await expect(page.getByTestId('below-minimum')).toHaveText('Only 2 left, below the minimum order of 4');
    const form = page.getByRole('form', { name: 'Purchase' });
    await expect(form.getByText('Only 2 left, below the minimum order of 4')).toBeVisible();
    await expect(form.getByRole('button', { name: 'purchase now !' })).toBeDisabled();
    await admin.dispose();
    await customer.dispose();
  });
});
