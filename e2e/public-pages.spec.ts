import { expect, test } from './fixtures';
import { seedParts } from '../db/seed-data/parts';
import { DESCRIPTION_PREVIEW_LENGTH } from '@/lib/core/utils';
import { E2E_ACCOUNTS, STORAGE_STATE } from './config';
import {
  allPartsViaApi,
  apiAs,
  createPartViaApi,
  expectNoHorizontalOverflow,
  isPhone,
  keepScreenshot,
  openMenuIfPhone,
  signInViaApi,
} from './helpers';

type ApiPart = {
  _id: string;
  name: string;
  img: string;
  availableQuantity: number;
  description: string;
  price: number;
  minimumQuantity: number;
};

test.describe('public pages', () => {
  test('a shared page goes out anonymous with a CDN lifetime, signed in as private, and no ETag (Next.js would hash the whole page for one); login and register come from the cache', async ({
    playwright,
    baseURL,
  }) => {
    const anonymous = await playwright.request.newContext({ baseURL });
    for (const path of ['/', '/blogs']) {
      const res = await anonymous.get(path);
      expect(res.status()).toBe(200);
      expect(res.headers()['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=600');
      expect(res.headers()['etag']).toBeUndefined();
    }
    // The auth pages read their query in the browser, so any query is served the one cached page.
    for (const path of ['/login?callbackUrl=%2Fblogs', '/register', '/login?error=Callback']) {
      await anonymous.get(path);
      const again = await anonymous.get(path);
      expect(again.headers()['x-nextjs-cache'], path).toBe('HIT');
      expect(again.headers()['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=600');
    }
    await anonymous.dispose();
    // The same pages with a session cookie: no shared cache may keep them.
    const customer = await apiAs(baseURL!, STORAGE_STATE.customer);
    for (const path of ['/', '/blogs', '/login']) {
      const res = await customer.get(path);
      expect(res.status()).toBe(200);
      expect([path, res.headers()['cache-control']]).toEqual([path, 'private, no-cache']);
    }
    await customer.dispose();
  });

  test('home: hero, perks, six parts, statistics, sale banner and six reviews', async ({ page }, testInfo) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/PartsMart/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    for (const perk of [
      'Free delivery worldwide',
      'On orders from $75',
      '365 days for free returns',
      'Credit cards available',
      'Free gifts and discounts',
    ]) {
      await expect(page.getByText(perk, { exact: true })).toBeVisible();
    }

    // Each card against its own part (other tests add parts at the same time, so not by position).
    const parts = page.locator('#parts article');
    await expect(parts).toHaveCount(6);
    const created: number[] = [];
    for (let index = 0; index < 6; index++) {
      const card = parts.nth(index);
      const id = (await card.getByRole('heading').getByRole('link').getAttribute('href'))!.replace('/parts/', '');
      const part = (await (await page.request.get(`/api/parts/${id}`)).json()) as ApiPart & { createdAt: string };
      await expect(card.getByRole('heading', { name: part.name })).toBeVisible();
      await expect(card.getByText(`$${part.price.toFixed(2)}`)).toBeVisible();
      await expect(card.getByRole('img', { name: part.name })).toBeVisible();
      const preview = part.description.length > 250 ? `${part.description.slice(0, 250)}...` : part.description;
      await expect(card.getByText(preview, { exact: true })).toBeVisible();
      created.push(Date.parse(part.createdAt));
    }
    expect(created).toEqual([...created].sort((a, b) => b - a));

    for (const stat of ['53+', '650+', '235+', '185+', 'Countries', 'Projects', 'Clients', 'Feedbacks']) {
      await expect(page.getByText(stat, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Up to 75% off' })).toBeVisible();
    await expect(page.getByText(/2000\+ spare parts/)).toBeVisible();

    const reviews = page.locator('#reviews article');
    await expect(reviews).toHaveCount(6);
    await expect(reviews.first().getByRole('img', { name: /Rated [1-5] out of 5/ })).toBeVisible();

    await expectNoHorizontalOverflow(page);
    await keepScreenshot(page, testInfo, 'home');
  });

  test('home: no image is drawn without a picture (the hero artwork is not shown on phones, where it has no source)', async ({
    page,
  }, testInfo) => {
    await page.goto('/');
    await page.waitForLoadState('load');
    // Every displayed image has a source (lazy ones load later): one without would be drawn as a broken-image icon.
    const broken = await page
      .locator('img')
      .evaluateAll((images) =>
        (images as HTMLImageElement[])
          .filter((img) => img.getClientRects().length > 0 && !img.currentSrc && !img.getAttribute('src'))
          .map((img) => img.outerHTML.slice(0, 120)),
      );
    expect(broken).toEqual([]);
    const hero = page.locator('picture img').first();
    if (isPhone(testInfo)) await expect(hero).toBeHidden();
    else await expect(hero).toBeVisible();
  });

  test('navbar for a visitor: Home, Blogs, My Portfolio and Login, no Dashboard', async ({ page }, testInfo) => {
    await page.goto('/');
    await openMenuIfPhone(page, testInfo);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'Blogs', 'My Portfolio', 'Login']) await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
    await nav.getByRole('link', { name: 'Blogs' }).click();
    await expect(page).toHaveURL(/\/blogs$/);
  });

  test('navbar for a signed-in user: Dashboard, LogOut and the name cut to 6 characters', async ({ page }, testInfo) => {
    await signInViaApi(page.request, E2E_ACCOUNTS.customer);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    if (isPhone(testInfo)) {
      await openMenuIfPhone(page, testInfo);
      await expect(nav.getByText(`Signed in as ${E2E_ACCOUNTS.customer.name}`)).toBeVisible();
    } else {
      await expect(nav.getByText(E2E_ACCOUNTS.customer.name.slice(0, 6), { exact: true })).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'LogOut' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);
    await keepScreenshot(page, testInfo, 'home-signed-in');
  });

  test('the navbar stays on top while scrolling', async ({ page }) => {
    await page.goto('/');
    await page.mouse.wheel(0, 2500);
    await page.waitForFunction(() => window.scrollY > 1000);
    const box = await page.getByRole('banner').boundingBox();
    expect(box?.y).toBe(0);
  });

  test('footer: contact, company, legal and a newsletter that does nothing', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const heading of ['Contact', 'Company', 'Legal', 'Newsletter'])
      await expect(footer.getByRole('heading', { name: heading })).toBeVisible();
    // The page's own loads first (the vehicle picker fetches its makes once hydrated, late on a loaded
    // phone), then anything the newsletter could send: a form post or a fetch (prefetches of pages aside).
    await page.waitForLoadState('networkidle');
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET' || (request.resourceType() === 'fetch' && !request.url().includes('_rsc=')))
        requests.push(request.url());
    });
    await footer.getByLabel('Email address').fill('someone@example.com');
    await footer.getByRole('button', { name: 'Send' }).click();
    await page.waitForTimeout(300);
    expect(page.url()).toMatch(/\/$/);
    expect(requests).toEqual([]);
  });

  test('part page: details, structured data, and for a guest Add to cart with no sign-in line', async ({ page }, testInfo) => {
    // A seeded part: no other test orders it or changes it.
    const parts = await allPartsViaApi<ApiPart>(page.request);
    const part = parts.find((p) => p.name === 'Vented Front Brake Rotor 300 mm')!;
    const id = part._id;
    await page.goto(`/parts/${id}`);
    const name = part.name;
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText(`$${part.price.toFixed(2)}`).first()).toBeVisible();
    await expect(page.getByTestId('available-quantity').filter({ visible: true })).toHaveText(`${part.availableQuantity} pieces`);
    await expect(page.getByText(`${part.minimumQuantity} pieces`, { exact: true })).toBeVisible();

    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(jsonLd).toMatchObject({ '@type': 'Product', name, offers: { price: part.price.toFixed(2), priceCurrency: 'USD' } });
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', new RegExp(name));

    await expectNoHorizontalOverflow(page);
    await keepScreenshot(page, testInfo, 'part');
    // A guest buys through the cart and the guest checkout: nothing says to sign in first.
    await expect(page.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
    await expect(page.getByText(/sign in to order/i)).toHaveCount(0);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByText(`Added to your cart: ${name}`)).toBeVisible();
  });

  test("a card's title and picture open the part page", async ({ page }) => {
    const name = 'Vented Front Brake Rotor 300 mm';
    const id = (await allPartsViaApi<ApiPart>(page.request)).find((p) => p.name === name)!._id;
    await page.goto(`/parts/search?q=${encodeURIComponent(name)}`);
    const card = page.locator('main article:visible', { has: page.getByRole('heading', { name, exact: true }) });
    await card.getByRole('heading', { name, exact: true }).getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/parts/${id}$`));
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await page.goBack();
    // The picture: a press where it shows (the name's link lies over it, so no second link per card).
    const picture = (await card.getByRole('img', { name }).boundingBox())!;
    await page.mouse.click(picture.x + picture.width / 2, picture.y + picture.height / 2);
    await expect(page).toHaveURL(new RegExp(`/parts/${id}$`));
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });

  test('a first visit preloads only the images at the top and fetches nothing of the login page', async ({ page }, testInfo) => {
    const part = (await allPartsViaApi<ApiPart>(page.request)).find((p) => p.name === 'Vented Front Brake Rotor 300 mm')!;
    const loginFetches: string[] = [];
    const heroFetches: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === '/login') loginFetches.push(request.url());
      if (pathname === '/images/hero.svg') heroFetches.push(request.url());
    });
    const visits: Array<[string, string[]]> = [
      // The home page's part cards are below the hero, the perks and the categories on every screen.
      ['/', ['/images/hero.svg', '/logo.svg']],
      [`/parts/${part._id}`, [part.img, '/logo.svg']],
    ];
    for (const [path, images] of visits) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      // Links in view are prefetched once the page is idle: give that its time.
      await page.waitForTimeout(1000);
      const preloaded = await page
        .locator('link[rel="preload"][as="image"]')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect(preloaded.sort()).toEqual([...images].sort());
    }
    // The Login link is not prefetched: the login page's code (zod among it) waits for a click.
    expect(loginFetches).toEqual([]);
    // The hero's artwork is preloaded for screens from 40rem up only: a phone fetches none of it.
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const phone = testInfo.project.name === 'phone';
    expect(heroFetches.length > 0).toBe(!phone);
    await expect(page.locator('#main section picture > img')).toHaveJSProperty(
      'currentSrc',
      phone ? '' : new URL('/images/hero.svg', page.url()).href,
    );
  });

  test('a card on the home page leads to its part page', async ({ page, baseURL }, testInfo) => {
    const admin = await apiAs(baseURL!, STORAGE_STATE.admin);
    const { name } = await createPartViaApi(admin, testInfo);
    await page.goto('/');
    const card = page.locator('#parts article', { has: page.getByRole('heading', { name }) });
    await card.getByRole('link', { name: /^Order now/ }).click();
    await expect(page).toHaveURL(/\/parts\/[a-f\d]{24}$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });

  test("a catalog page sends each card's part to the browser without its whole description", async ({ request }) => {
    // Categories whose seeded parts have long descriptions and no other test adds to (the newest parts come first).
    const pages = await Promise.all(
      ['/categories/cooling', '/categories/wipers', '/categories/steering'].map(async (path) => (await request.get(path)).text()),
    );
    const html = pages.join('');
    const listed = (await allPartsViaApi<ApiPart>(request)).filter((part) => html.includes(`/parts/${part._id}"`));
    // The end of a description longer than the card's preview, in words the page's payload does not escape.
    const ends = listed
      .filter((part) => part.description.length > DESCRIPTION_PREVIEW_LENGTH + 80)
      .map((part) => part.description.slice(-60))
      .filter((end) => /^[\w\s.,()-]+$/.test(end));
    expect(ends.length).toBeGreaterThan(3);
    expect(ends.filter((end) => html.includes(end))).toEqual([]);
  });

  test("an out-of-stock part says 'Out Of Stock'", async ({ page }) => {
    const parts = await allPartsViaApi<ApiPart>(page.request);
    const soldOut = parts.find((part) => part.availableQuantity === 0 && seedParts.some((seed) => seed.name === part.name));
    expect(soldOut).toBeTruthy();
    await page.goto(`/parts/${soldOut!._id}`);
    await expect(page.getByTestId('available-quantity').filter({ visible: true })).toHaveText('Out Of Stock');
  });

  test('each part page shows its own part, whichever part was asked before (the route is matched per request)', async ({ page }) => {
    // A dynamic page's route is matched per request; a cache of its matcher must never mix pages up:
    // the id of every request must still come from its own address.
    const parts = (await allPartsViaApi<ApiPart>(page.request)).slice(0, 4);
    expect(parts.length).toBe(4);
    for (const part of [...parts, ...[...parts].reverse(), parts[0]!, parts[2]!, parts[0]!]) {
      const res = await page.request.get(`/parts/${part._id}`);
      expect(res.status()).toBe(200);
      const html = await res.text();
      const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!);
      expect(jsonLd).toMatchObject({ name: part.name, sku: part._id });
    }
    expect((await page.request.get('/parts/000000000000000000000000')).status()).toBe(404);
    expect((await page.request.get(`/parts/${parts[1]!._id}`)).status()).toBe(200);
  });

  test('blogs: the five question and answer cards', async ({ page }, testInfo) => {
    await page.goto('/blogs');
    await expect(page.getByRole('heading', { level: 1, name: 'Blogs' })).toBeVisible();
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(5);
    for (const topic of [/performance of a React/, /manage state/, /prototypal inheritance/, /not set state directly/, /unit test/]) {
      await expect(page.getByRole('heading', { level: 2, name: topic })).toBeVisible();
    }
    await expectNoHorizontalOverflow(page);
    await keepScreenshot(page, testInfo, 'blogs');
  });

  test('my portfolio: about, contact line and three projects with screenshots', async ({ page }, testInfo) => {
    await page.goto('/myPortfolio');
    await expect(page.getByRole('heading', { level: 2, name: 'About' })).toBeVisible();
    await expect(page.getByText(/^Contact:/)).toBeVisible();
    const projects = page.getByRole('article');
    await expect(projects).toHaveCount(3);
    for (let i = 0; i < 3; i++) {
      await expect(projects.nth(i).getByRole('img', { name: /^Screenshot of / })).toBeVisible();
      await expect(projects.nth(i).getByRole('link', { name: /^Visit / })).toHaveAttribute('href', /^https:\/\//);
    }
    await expectNoHorizontalOverflow(page);
    await keepScreenshot(page, testInfo, 'portfolio');
  });

  test('any other path shows the not-found image with status 404', async ({ page }, testInfo) => {
    const res = await page.goto('/no/such/page');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('img', { name: /Page not found/ })).toBeVisible();
    await keepScreenshot(page, testInfo, 'not-found');
    const part = await page.goto('/parts/not-a-real-id');
    expect(part?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('sitemap lists every part, robots points to it', async ({ page, baseURL }, testInfo) => {
    const admin = await apiAs(baseURL!, STORAGE_STATE.admin);
    const fresh = await createPartViaApi(admin, testInfo);
    const seeded = (await allPartsViaApi<ApiPart>(page.request)).filter((part) => seedParts.some((seed) => seed.name === part.name));
    expect(seeded).toHaveLength(seedParts.length);
    // The index lists the chunks (at most 50,000 URLs each); together they hold every part.
    const index = await (await page.request.get('/sitemap.xml')).text();
    const chunks = [...index.matchAll(/<loc>(.*?)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    expect(chunks[0]).toBe('/parts/sitemap/0.xml');
    let sitemap = '';
    for (const chunk of chunks) sitemap += await (await page.request.get(chunk)).text();
    for (const part of [...seeded, { _id: fresh.id }]) expect(sitemap).toContain(`/parts/${part._id}</loc>`);
    const robots = await (await page.request.get('/robots.txt')).text();
    expect(robots).toMatch(/Sitemap: http:\/\/localhost:\d+\/sitemap\.xml/);
    expect(robots).toMatch(/Disallow: \/dashboard/);
  });

  test('keyboard: the skip link and the part links are reachable with Tab', async ({ page }) => {
    await page.goto('/');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await page.keyboard.press('Enter');
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      const href = await page.evaluate(() => document.activeElement?.getAttribute('href'));
      if (href?.startsWith('/parts/')) return;
    }
    throw new Error('no part link reached with Tab');
  });

  test('every image has alt text', async ({ page }) => {
    for (const path of ['/', '/blogs', '/myPortfolio', '/no-such-page']) {
      await page.goto(path);
      const missing = await page.locator('img:not([alt])').count();
      expect(missing, path).toBe(0);
    }
  });
});
