import { Types } from 'mongoose';
import { readFitment } from '@/lib/catalog/fitment-store';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { DELETE as deletePartRoute, GET as getPartRoute, PUT as updatePartRoute } from '@/app/api/parts/[id]/route';
import { POST as createPartRoute } from '@/app/api/parts/route';
import { POST as placeOrderRoute } from '@/app/api/order/route';
import { DELETE as cancelRoute } from '@/app/api/order/[id]/route';
import { POST as createIntentRoute } from '@/app/api/create-payment-intent/route';
import { GET as searchRoute } from '@/app/api/search/route';
import { GET as suggestRoute } from '@/app/api/search/suggest/route';
import { GET as sitemapChunkRoute } from '@/app/(shop)/parts/sitemap/[chunk]/route';
import { seedDemo } from '@/db/seed';
import { listLostDemand } from '@/lib/catalog/lost-demand';
import { catalogChanged } from '@/lib/catalog/changes';
import { catalogSearch } from '@/lib/catalog/search';
import { sitemapChunk, sitemapChunkCount } from '@/lib/catalog/sitemap';
import { searchQuerySchema } from '@/lib/validations/search';
import { decodeParts, encodeParts, SNAPSHOT_POINTER } from '@/lib/catalog/search/snapshot';
import type { UserDTO } from '@/lib/auth/users';
import { LostDemandDay, Order, Part, SearchSnapshot } from '@/models';
import { callRoute } from '@/tests/helpers/api';
import { asActor, makeUser } from '@/tests/helpers/factories';
import { startFollower } from '@/tests/helpers/start-follower';

let admin: UserDTO;
let customer: UserDTO;

beforeAll(async () => {
  // The demo catalog: 68 parts with fitment for 41 vehicles, and the vehicle reference data.
  await seedDemo({ SEED_ADMIN_PASSWORD: 'admin-pass-1', SEED_CUSTOMER_PASSWORD: 'customer-pass-1' }, { supplier: false });
  admin = await makeUser({ admin: true });
  customer = await makeUser();
  await catalogSearch().ready();
}, 60_000);

const NEW_PART = {
  price: 12,
  availableQuantity: 10,
  minimumQuantity: 1,
  img: '/images/parts/spin-on-engine-oil-filter.svg',
  description: 'A part made for this test, with a description comfortably longer than fifty characters.',
  category: 'brakes',
};

const search = (query: string) => callRoute(searchRoute, `/api/search?${query}`);

describe('GET /api/search', () => {
  it('answers items, total, facets and the next cursor; the OEM number 04465-02220 finds the Corolla pads first', async () => {
    const res = await search('q=0446502220');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['facets', 'items', 'nextCursor', 'total']);
    expect(res.body.items[0]).toMatchObject({ name: 'Ceramic Front Brake Pad Set', partNumber: 'SL-BP-4465' });
    // Its OEM number is an OE interchange number: the result says so.
    expect(res.body.items[0].replaces).toBe('Replaces OE 04465-02220');
    expect((await search('q=04465-02220')).body.items[0].name).toBe('Ceramic Front Brake Pad Set');
  });

  it('narrows the demo catalog to a vehicle, and pages through every result once', async () => {
    const all = (await search('limit=100')).body;
    const corolla = (await search('make=Toyota&model=Corolla&year=2016&limit=100')).body;
    expect(all.total).toBeGreaterThanOrEqual(60);
    expect(corolla.total).toBeGreaterThan(5);
    expect(corolla.total).toBeLessThan(all.total / 2);
    const seen = new Set<string>();
    let cursor = '';
    do {
      const page = (await search(`make=Toyota&model=Corolla&year=2016&limit=4${cursor ? `&cursor=${cursor}` : ''}`)).body;
      for (const item of page.items) seen.add(item._id);
      cursor = page.nextCursor ?? '';
    } while (cursor);
    expect(seen.size).toBe(corolla.total);
  });

  it('counts facets and sorts by price', async () => {
    const res = (await search('category=brakes&sort=price-asc&limit=100')).body;
    const prices = res.items.map((item: { price: number }) => item.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(res.facets.category.find((facet: { value: string }) => facet.value === 'brakes').count).toBe(res.total);
    expect(res.facets.category.length).toBeGreaterThan(5);
  });

  it.each([
    ['q over 200 characters', `q=${'a'.repeat(201)}`, 'Search for at most 200 characters'],
    ['a year before 1950', 'make=Toyota&model=Corolla&year=1949', 'Year must be 1950 or later'],
    ['a year after next year', `make=Toyota&model=Corolla&year=${new Date().getUTCFullYear() + 2}`, 'Year cannot be later than next year'],
    ['a year that is not a number', 'make=Toyota&model=Corolla&year=abc', 'Year must be a whole year'],
    ['an unknown sort', 'sort=cheapest', 'sort must be one of relevance, price-asc, price-desc, newest'],
    ['a malformed cursor', 'cursor=bogus', 'Invalid cursor'],
    ['an unknown category', 'category=jetpacks', 'Unknown category'],
    ['half a vehicle', 'make=Toyota', 'Give the year, make and model of the vehicle'],
    ['a limit over 100', 'limit=101', 'limit must be a whole number from 1 to 100'],
    ['prices the wrong way round', 'minPrice=50&maxPrice=10', 'maxPrice cannot be below minPrice'],
    ['an operator-looking value', 'brand[$ne]=x', null],
  ])('answers 400 with a message, never 500, for %s', async (_case, query, message) => {
    const res = await search(query);
    if (message === null) {
      // A bracketed name is just another (unknown) parameter: it is ignored, never used as an operator.
      expect(res.status).toBe(200);
      return;
    }
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });

  it('records a search without results, with the vehicle, for the admin; suggestions never record', async () => {
    await callRoute(suggestRoute, '/api/search/suggest?q=flux%20capacitor');
    expect(await LostDemandDay.countDocuments({ label: 'flux capacitor' })).toBe(0);
    const res = await search('q=flux+capacitor&make=Toyota&model=Corolla&year=2016');
    expect(res.body.total).toBe(0);
    const report = await listLostDemand(asActor(admin));
    expect(report.searches.find((row) => row.label === 'flux capacitor')).toMatchObject({ count: 1, vehicles: ['2016 Toyota Corolla'] });
    await expect(listLostDemand(asActor(customer))).rejects.toMatchObject({ status: 403 });
  });

  it('records a chosen vehicle that no part fits', async () => {
    const res = await search('make=Jeep&model=Wrangler&year=2019');
    expect(res.body.total).toBeLessThanOrEqual(1);
    if (res.body.total === 0) {
      const report = await listLostDemand(asActor(admin));
      expect(report.vehicles.map((row) => row.label)).toContain('2019 Jeep Wrangler');
    }
  });
});

describe('the sitemap', () => {
  it('counts its chunks from the plain listing (answered before the index completes), which holds exactly the parts it lists', async () => {
    const listed = await catalogSearch().search(searchQuerySchema.parse({ limit: '1' }));
    const all = await catalogSearch().allParts();
    // Sold-out parts too: the demo catalog has some, and the sitemap lists them.
    expect(await Part.countDocuments({ availableQuantity: 0, archivedAt: null })).toBeGreaterThan(0);
    expect(listed.total).toBe(all.length);
    expect(await sitemapChunkCount()).toBe(1);
    const chunk = await sitemapChunk(0);
    expect(chunk!.filter((entry) => entry.loc.includes('/parts/')).length).toBe(all.length);
  });

  it('writes a chunk as XML: every part with its last change, and 404 for a chunk that does not exist', async () => {
    const res = await callRoute(sitemapChunkRoute, '/parts/sitemap/0.xml', { params: { chunk: '0.xml' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml');
    const xml = res.body as string;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(
      true,
    );
    expect(xml.endsWith('</urlset>\n')).toBe(true);
    const urls = [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?/g)].map(([, loc, lastmod]) => ({
      loc,
      lastmod,
    }));
    const parts = await Part.find({ archivedAt: null }, { updatedAt: 1 }).lean();
    const partUrls = urls.filter((url) => url.loc!.includes('/parts/'));
    expect(partUrls.length).toBe(parts.length);
    for (const part of parts)
      expect(partUrls).toContainEqual({
        loc: expect.stringMatching(new RegExp(`/parts/${part._id}$`)),
        lastmod: part.updatedAt.toISOString(),
      });
    // The fixed pages lead, without a date; the chunk has no URL twice.
    expect(urls[0]).toEqual({ loc: expect.stringMatching(/^https?:\/\/[^/]+\/$/), lastmod: undefined });
    expect(new Set(urls.map((url) => url.loc)).size).toBe(urls.length);
    for (const chunk of ['1.xml', '00.xml', 'x.xml', '0.json', '-1.xml', '9999999.xml']) {
      const missing = await callRoute(sitemapChunkRoute, `/parts/sitemap/${chunk}`, { params: { chunk } });
      expect([chunk, missing.status]).toEqual([chunk, 404]);
    }
  });
});

describe('GET /api/search/suggest', () => {
  it('suggests as you type, with the part of an exact number first', async () => {
    const res = await callRoute(suggestRoute, '/api/search/suggest?q=alternat');
    expect(res.status).toBe(200);
    expect(res.body.suggestions.map((s: { label: string }) => s.label)).toContain('Remanufactured 120A Alternator');
    const byNumber = await callRoute(suggestRoute, '/api/search/suggest?q=SL-BP-4465');
    expect(byNumber.body.suggestions[0]).toMatchObject({ kind: 'part', label: 'Ceramic Front Brake Pad Set' });
    expect((await callRoute(suggestRoute, `/api/search/suggest?q=${'x'.repeat(201)}`)).status).toBe(400);
  });
});

describe('a part that orders refer to', () => {
  it('is archived instead of deleted: gone from search, its page 404, its unpaid order cancellable but not payable', async () => {
    const created = await callRoute(createPartRoute, '/api/parts', {
      method: 'POST',
      as: admin,
      body: {
        name: 'Archivable Test Bracket',
        price: 9.5,
        availableQuantity: 10,
        minimumQuantity: 1,
        img: '/images/parts/spin-on-engine-oil-filter.svg',
        description: 'A bracket made for this test, with a description comfortably longer than fifty characters.',
        category: 'engine',
      },
    });
    const id = created.body.insertedId as string;
    const ordered = await callRoute(placeOrderRoute, '/api/order', {
      method: 'POST',
      as: customer,
      body: { partId: id, address: '1 Test Road, Leeds', phone: '0113 496 0000', quantity: 2 },
    });
    const orderId = ordered.body.insertedId as string;
    expect((await search('q=Archivable+Test+Bracket')).body.total).toBe(1);

    const deleted = await callRoute(deletePartRoute, `/api/parts/${id}`, { method: 'DELETE', params: { id }, as: admin });
    expect(deleted.body).toEqual({ acknowledged: true, deletedCount: 1, archived: true });
    expect(await Part.findById(id).lean()).toMatchObject({ archivedAt: expect.any(Date) });
    expect((await search('q=Archivable+Test+Bracket')).body.total).toBe(0);
    expect((await callRoute(getPartRoute, `/api/parts/${id}`, { params: { id } })).status).toBe(404);

    const pay = await callRoute(createIntentRoute, '/api/create-payment-intent', { method: 'POST', as: customer, body: { orderId } });
    expect(pay).toMatchObject({
      status: 409,
      body: { error: 'This part is no longer sold, so this order cannot be paid; you can cancel it' },
    });
    const cancelled = await callRoute(cancelRoute, `/api/order/${orderId}`, { method: 'DELETE', params: { id: orderId }, as: customer });
    expect(cancelled.status).toBe(200);
    expect(await Order.findById(orderId).lean()).toMatchObject({ cancelledBy: 'customer', partName: 'Archivable Test Bracket' });
    // A product can no longer be ordered once archived.
    const again = await callRoute(placeOrderRoute, '/api/order', {
      method: 'POST',
      as: customer,
      body: { partId: id, address: '1 Test Road, Leeds', phone: '0113 496 0000', quantity: 1 },
    });
    expect(again.status).toBe(404);
    expect(
      (await callRoute(updatePartRoute, `/api/parts/${id}`, { method: 'PUT', params: { id }, as: admin, body: { price: 1 } })).status,
    ).toBe(404);
  });
});

describe('editing a part with fitment', () => {
  it("takes a part's fitment rows as an import wrote them, reading nothing: the rows given are the rows it finds by", async () => {
    const part = (await Part.findOne({ archivedAt: null }, { _id: 1 }).lean())!;
    const id = String(part._id);
    const vehicle = 'make=Testmake&model=Onlygiven&year=2021&limit=100';
    expect((await search(vehicle)).body.total).toBe(0);
    // Given to the index, never stored: only the rows passed can make the part fit this vehicle.
    const given = [{ make: 'Testmake', model: 'Onlygiven', yearFrom: 2020, yearTo: 2022 }];
    await catalogChanged([id], { lists: true, known: new Map([[id, { fitment: given }]]) });
    expect((await search(vehicle)).body.items.map((item: { _id: string }) => item._id)).toEqual([id]);
    // Following the log does not read this process's own change back (which would find the stored rows).
    await catalogSearch().refresh();
    expect((await search(vehicle)).body.items.map((item: { _id: string }) => item._id)).toEqual([id]);
    await catalogChanged([id], { lists: true });
    expect((await search(vehicle)).body.total).toBe(0);
  });

  it('takes a part just added as the change gives it, reading nothing: a part never stored is found', async () => {
    const stored = (await Part.findOne({ archivedAt: null }).lean())!;
    const id = new Types.ObjectId().toString();
    const given = { ...stored, _id: id, name: 'Quillwort given caliper', partNumber: 'QW-1' };
    await catalogChanged([id], { lists: true, known: new Map([[id, { part: given, fitment: [] }]]) });
    // The index's own answer (the search route reads the parts it lists from the database).
    const numbered = () => catalogSearch().partsNumbered('QW1');
    expect((await numbered()).map((part) => part.id)).toEqual([id]);
    await catalogChanged([id], { lists: true });
    expect(await numbered()).toEqual([]);
  });

  it('keeps the fitment rows when an admin changes only the price', async () => {
    const fitment = [{ make: 'Toyota', model: 'Corolla', yearFrom: 2014, yearTo: 2018 }];
    const created = await callRoute(createPartRoute, '/api/parts', {
      method: 'POST',
      as: admin,
      body: { ...NEW_PART, name: 'Fitment kept on edit', fitment },
    });
    expect(created.status).toBe(201);
    const id = created.body.insertedId as string;
    const res = await callRoute(updatePartRoute, `/api/parts/${id}`, { method: 'PUT', params: { id }, as: admin, body: { price: 31.5 } });
    expect(res.status).toBe(200);
    const stored = await Part.findById(id).lean();
    expect(stored!.price).toBe(31.5);
    expect((await readFitment(id)).rows).toEqual([expect.objectContaining(fitment[0])]);
  });
});

describe('freshness across two processes', () => {
  let follower: ChildProcessWithoutNullStreams;
  let lines: AsyncIterableIterator<string>;

  beforeAll(async () => {
    ({ child: follower, lines } = await startFollower());
  }, 60_000);

  afterAll(() => follower?.kill());

  async function seenAfter(line: string): Promise<number> {
    follower.stdin.write(`${line}\n`);
    const answer = JSON.parse((await lines.next()).value as string) as { name: string; ms: number };
    expect(answer.name).toBe(line);
    return answer.ms;
  }

  it('shows a part added, renamed and archived here in the other process within 5 s', async () => {
    const created = await callRoute(createPartRoute, '/api/parts', {
      method: 'POST',
      as: admin,
      body: {
        // Words found nowhere else in the catalog, so a hit can only be this part.
        name: 'Zorblax Freshness Fitting',
        price: 4.25,
        availableQuantity: 3,
        minimumQuantity: 1,
        img: '/images/parts/spin-on-engine-oil-filter.svg',
        description: 'A gasket made for the freshness test, with a description comfortably longer than fifty characters.',
        category: 'engine',
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.insertedId as string;
    expect(await seenAfter('Zorblax')).toBeLessThan(5000);

    await callRoute(updatePartRoute, `/api/parts/${id}`, {
      method: 'PUT',
      params: { id },
      as: admin,
      body: { name: 'Quixotic Renamed Fitting' },
    });
    expect(await seenAfter('Quixotic')).toBeLessThan(5000);
    expect(await seenAfter('-Zorblax')).toBeLessThan(5000);

    await callRoute(deletePartRoute, `/api/parts/${id}`, { method: 'DELETE', params: { id }, as: admin });
    expect(await seenAfter('-Quixotic')).toBeLessThan(5000);
  }, 60_000);
});

describe('the search snapshot', () => {
  it('round-trips every indexed field', () => {
    const part = {
      _id: 'abc',
      name: 'Pad',
      brand: 'Stopline',
      category: 'brakes',
      partNumber: 'SL-1',
      oemNumbers: ['04465-02220'],
      price: 42.99,
      availableQuantity: 3,
      createdAt: 1,
      updatedAt: 2,
      fitment: [{ make: 'Toyota', model: 'Corolla', yearFrom: 2014, yearTo: 2019, engine: null, notes: 'Front' }],
    };
    expect(decodeParts(encodeParts([part]))).toEqual([part]);
  });

  it('a new process starts from the snapshot and replays the change log after it', async () => {
    await catalogSearch().ready();
    // This process built its index from the parts, so it stores a snapshot for the next ones.
    for (let i = 0; i < 100 && !(await SearchSnapshot.exists({ _id: SNAPSHOT_POINTER })); i++) await new Promise((r) => setTimeout(r, 100));
    const pointer = await SearchSnapshot.findById(SNAPSHOT_POINTER).lean();
    expect(pointer?.chunks).toBeGreaterThan(0);
    // A list chunk, then chunks of whole parts, stored zipped.
    for (const id of [`${pointer!.gen}:list`, `${pointer!.gen}:0`]) expect((await SearchSnapshot.findById(id).lean())?.data).toBeTruthy();

    // A part written behind the app's back (no log entry): only a process that reads the parts sees it.
    const phantom = await Part.collection.insertOne({
      ...NEW_PART,
      name: 'Phantomwidget Ghost',
      partNumber: 'GHOST-1',
      partNumberKey: 'GHOST1',
      stockSeq: 0,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    // A part added through the app after the snapshot: in the log.
    const created = await callRoute(createPartRoute, '/api/parts', {
      method: 'POST',
      as: admin,
      body: { ...NEW_PART, name: 'Snapshotgear Replayed', partNumber: 'SNAP-1' },
    });
    expect(created.status).toBe(201);
    // A part removed through the app after the snapshot: in the log too.
    const [removed] = await Part.find({ archivedAt: null, _id: { $nin: [phantom.insertedId, created.body.insertedId] } })
      .sort({ createdAt: -1 })
      .limit(1)
      .lean();
    const removal = await callRoute(deletePartRoute, `/api/parts/${String(removed!._id)}`, {
      method: 'DELETE',
      params: { id: String(removed!._id) },
      as: admin,
    });
    expect(removal.status).toBe(200);

    const second = await startFollower();
    try {
      expect(second.logs.join('\n')).toMatch(/from the snapshot at log position \d+/);
      // The first answer, a listing, already has the log's changes.
      second.child.stdin.write('=\n');
      const listed = (JSON.parse((await second.lines.next()).value as string) as { ids: string[] }).ids;
      expect(listed).toContain(created.body.insertedId);
      expect(listed).not.toContain(String(removed!._id));
      // Completing the index waits (COMPLETE_AFTER_MS, 2 s) so the first pages have the process to themselves
      // (a catalog this small would be complete well within this half second)...
      await new Promise((resolve) => setTimeout(resolve, 500));
      // Another listing, so that every log line printed before its answer has been read.
      second.child.stdin.write('=\n');
      await second.lines.next();
      expect(second.logs.join('\n')).not.toMatch(/completed the index/);
      const ask = async (name: string) => {
        second.child.stdin.write(`?${name}\n`);
        return JSON.parse((await second.lines.next()).value as string) as { total: number; ms: number };
      };
      // ...unless a read needs it: the first text search starts it at once.
      const first = await ask('Snapshotgear');
      expect(first.total).toBe(1);
      expect(first.ms).toBeLessThan(1000);
      expect(second.logs.join('\n')).toMatch(/completed the index/);
      expect((await ask('Phantomwidget')).total).toBe(0);
    } finally {
      second.child.kill();
    }
  }, 60_000);

  it('a snapshot missing a chunk: the new process answers listings, then completes from the parts and stores a new one', async () => {
    const pointer = await SearchSnapshot.findById(SNAPSHOT_POINTER).lean();
    expect(pointer?.chunks).toBeGreaterThan(0);
    await SearchSnapshot.deleteOne({ _id: `${pointer!.gen}:0` });

    const third = await startFollower();
    try {
      third.child.stdin.write('=\n');
      expect((JSON.parse((await third.lines.next()).value as string) as { ids: string[] }).ids.length).toBeGreaterThan(0);
      third.child.stdin.write('?Snapshotgear\n');
      expect((JSON.parse((await third.lines.next()).value as string) as { total: number }).total).toBe(1);
      expect(third.logs.join('\n')).toMatch(/from the parts/);
      expect((await SearchSnapshot.findById(SNAPSHOT_POINTER).lean())?.gen).not.toBe(pointer!.gen);
    } finally {
      third.child.kill();
    }
  }, 60_000);
});
