import { expect, test } from './fixtures';

test.describe('the legal pages', () => {
  test('the footer links the legal pages, each a real page in the sitemap; the rest is plain text', async ({ page, request }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const pages = [
      ['Terms of sale', '/legal/terms', 'Terms of sale'],
      ['Privacy policy', '/legal/privacy', 'Privacy policy'],
      ['Returns and warranty', '/legal/returns', 'Returns and warranty'],
      ['Shipping', '/legal/shipping', 'Shipping information'],
    ] as const;
    for (const [link, path] of pages) await expect(footer.getByRole('link', { name: link, exact: true })).toHaveAttribute('href', path);
    await expect(footer.getByRole('link', { name: 'Cookie policy' })).toHaveAttribute('href', '/legal/privacy#cookies');
    for (const text of ['Careers', 'Wholesale and workshops']) {
      await expect(footer.getByText(text, { exact: true })).toBeVisible();
      await expect(footer.getByRole('link', { name: text })).toHaveCount(0);
    }
    await footer.getByRole('link', { name: 'Returns and warranty', exact: true }).click();
    await expect(page).toHaveURL(/\/legal\/returns$/);
    for (const [, path, title] of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(title));
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy();
    }
    // The sitemap index lists its chunks; the static pages lead the first one.
    const index = await (await request.get('/sitemap.xml')).text();
    const first = /<loc>([^<]+)<\/loc>/.exec(index)?.[1];
    expect(first).toBeTruthy();
    const sitemap = await (await request.get(new URL(first!).pathname)).text();
    for (const [, path] of pages) expect(sitemap).toContain(`<loc>${new URL(first!).origin}${path}</loc>`);
  });
});
