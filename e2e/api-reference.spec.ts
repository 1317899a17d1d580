import { expect, test } from './fixtures';

/** The API reference at /api/docs: Swagger UI over /api/openapi.json, scripts from our own origin only. */
test('the API reference lists the operations of the document', async ({ page, baseURL }) => {
  const foreign: string[] = [];
  page.on('request', (req) => {
    if (!req.url().startsWith(baseURL!) && !req.url().startsWith('data:')) foreign.push(req.url());
  });
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  const res = await page.goto('/api/docs');
  expect(res?.status()).toBe(200);
  expect(res?.headers()['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
  await expect(page.getByText('PartsMart API').first()).toBeVisible();
  await expect(page.getByText('Parts, newest first')).toBeVisible();
  await expect(page.getByText('Add a part (admins)')).toBeVisible();
  await expect(page.getByText('Orders').first()).toBeVisible();
  expect(foreign).toEqual([]);
  expect(refused).toEqual([]);
});

test('other pages load no script of the reference', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(req.url());
  });
  await page.goto('/');
  await page.goto('/parts');
  expect(scripts.filter((url) => url.includes('/api/docs') || /swagger/i.test(url))).toEqual([]);
});
