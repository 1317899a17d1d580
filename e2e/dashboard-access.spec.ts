import { request, type APIRequestContext } from '@playwright/test';
import { asAdmin, asCustomer, expect, test } from './fixtures';
import { newClientIp, signInViaApi, uniqueEmail } from './helpers';

/** A private page with a foreign or unknown id in its path answers 404 before anything streams; its owner gets 200. */
const UNKNOWN_ID = '0123456789abcdef01234567';

async function placeOrder(api: APIRequestContext, origin: string): Promise<string> {
  const parts = (await (await api.get('/api/parts?limit=20')).json()) as Array<{
    _id: string;
    availableQuantity: number;
    minimumQuantity: number;
  }>;
  const part = parts.find((p) => p.availableQuantity >= p.minimumQuantity && p.minimumQuantity <= 5)!;
  const placed = await api.post('/api/order', {
    data: { partId: part._id, address: '12 Long Road, Springfield', phone: '+1 555 0100', quantity: part.minimumQuantity },
    headers: { origin },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return ((await placed.json()) as { insertedId: string }).insertedId;
}

test.describe('private pages with an id', () => {
  test.describe('as the customer', () => {
    test.use(asCustomer);

    test("another customer's order and payment pages answer 404; the owner's answer 200", async ({ page, baseURL }, testInfo) => {
      const orderId = await placeOrder(page.request, baseURL!);
      expect((await page.request.get(`/dashboard/orders/${orderId}`)).status()).toBe(200);
      expect((await page.request.get(`/dashboard/payment/${orderId}`)).status()).toBe(200);

      const other: APIRequestContext = await request.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': newClientIp() } });
      const account = { email: uniqueEmail('foreign', testInfo), password: 'other-pass-123' };
      const registered = await other.post('/api/register', { data: { name: 'Other Customer', ...account }, headers: { origin: baseURL! } });
      expect(registered.status(), await registered.text()).toBe(201);
      await signInViaApi(other, account);
      for (const path of [`/dashboard/orders/${orderId}`, `/dashboard/payment/${orderId}`]) {
        const res = await other.get(path);
        expect({ path, status: res.status() }).toEqual({ path, status: 404 });
        expect(await res.text()).not.toContain('12 Long Road');
      }
      await other.dispose();
    });

    test('unknown ids answer 404', async ({ page }) => {
      for (const path of [
        `/dashboard/orders/${UNKNOWN_ID}`,
        `/dashboard/payment/${UNKNOWN_ID}`,
        '/dashboard/orders/not-an-id',
        `/dashboard/updateProfile/${UNKNOWN_ID}`,
      ]) {
        expect({ path, status: (await page.request.get(path)).status() }).toEqual({ path, status: 404 });
      }
    });
  });

  test.describe('as the admin', () => {
    test.use(asAdmin);

    test("an unknown product's edit page answers 404, a known one 200", async ({ page }) => {
      const [part] = (await (await page.request.get('/api/parts?limit=1')).json()) as Array<{ _id: string }>;
      expect((await page.request.get(`/dashboard/manageProducts/${part!._id}`)).status()).toBe(200);
      expect((await page.request.get(`/dashboard/manageProducts/${UNKNOWN_ID}`)).status()).toBe(404);
    });
  });
});
