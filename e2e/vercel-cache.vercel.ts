import { expect, test } from '@playwright/test';
import { E2E_ACCOUNTS } from './config';
import { apiAs, createPartViaApi, signInViaApi } from './helpers';

/** Shared pages with VERCEL=1: Next.js's own cache and Cache-Control, and a price change purges them (revalidateTag) within 2 s. */
const FIXED = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('a price change is on the part page and the home page within 2 s, with Next.js’s own Cache-Control', async ({ baseURL }, testInfo) => {
  const admin = await apiAs(baseURL!);
  await signInViaApi(admin, E2E_ACCOUNTS.admin);
  const part = await createPartViaApi(admin, testInfo, { price: 12.5 });
  const visitor = await apiAs(baseURL!);
  const read = async (path: string) => {
    const res = await visitor.get(path);
    expect(res.status(), path).toBe(200);
    return { html: await res.text(), headers: res.headers() };
  };
  // The offer's price in the part page's structured data; the part's card on the home page (newest first).
  const pagePrice = (html: string) => html.match(/"price":"([\d.]+)"/)?.[1];
  const homeShows = (html: string, price: string) => {
    const card = html.indexOf(part.name);
    return card >= 0 && html.slice(card, card + 2000).includes(`$${price}`);
  };

  // Twice, so that the second answers come from the page cache.
  for (let i = 0; i < 2; i++) {
    const [partPage, home] = [await read(`/parts/${part.id}`), await read('/')];
    expect(pagePrice(partPage.html)).toBe('12.50');
    expect(homeShows(home.html, '12.50')).toBe(true);
    for (const { headers } of [partPage, home]) {
      expect(headers['cache-control']).not.toBe(FIXED);
      expect(headers['cache-control']).toMatch(/^s-maxage=\d+, stale-while-revalidate=\d+$/);
    }
  }

  const res = await admin.put(`/api/parts/${part.id}`, { data: { price: 31.75 } });
  expect(res.status(), await res.text()).toBe(200);
  const changed = Date.now();
  for (;;) {
    const [partPage, home] = [await read(`/parts/${part.id}`), await read('/')];
    if (pagePrice(partPage.html) === '31.75' && homeShows(home.html, '31.75')) {
      expect(partPage.headers['cache-control']).toMatch(/^s-maxage=\d+, stale-while-revalidate=\d+$/);
      break;
    }
    expect(Date.now() - changed, 'the new price on the part page and the home page').toBeLessThan(2000);
    await sleep(100);
  }
});
