import { expect, test } from './fixtures';
import { openMenuIfPhone, searchFromBox } from './helpers';

/** A `Next-Router-State-Tree` other than URL-encoded JSON of an array gets 400 from proxy.ts; real navigations get their page. */
const PAGES = ['/parts', '/categories/brakes', '/parts/search?q=brake'];

test.describe('the router state header', () => {
  for (const path of PAGES) {
    test(`a malformed one on ${path} answers 400`, async ({ request }) => {
      for (const tree of ['x', '%7B%7D', '%5B%E0%A4%A%5D', encodeURIComponent('{"a":1}'), '%5B%22x%22']) {
        const res = await request.get(path, { headers: { RSC: '1', 'Next-Router-State-Tree': tree } });
        expect({ tree, status: res.status() }).toEqual({ tree, status: 400 });
      }
    });
  }

  test('a navigation in the browser still works', async ({ page }, testInfo) => {
    const statuses: number[] = [];
    page.on('response', (res) => {
      if (res.request().headers()['next-router-state-tree'] !== undefined) statuses.push(res.status());
    });
    await page.goto('/');
    await openMenuIfPhone(page, testInfo);
    // The static catalog can show from its prefetched copy: no request of its own.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Parts', exact: true }).click();
    await expect(page).toHaveURL(/\/parts$/);
    await expect(page.getByRole('heading', { level: 1, name: 'All parts' })).toBeVisible();
    // A search is rendered for its URL: the navigation asks the server, with the header.
    const navigation = page.waitForResponse((res) => res.request().headers()['next-router-state-tree'] !== undefined);
    await searchFromBox(page, 'brake');
    await expect(page).toHaveURL(/\/parts\/search\?q=brake$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Results for “brake”' })).toBeVisible();
    await navigation;
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 200)).toBe(true);
  });
});
