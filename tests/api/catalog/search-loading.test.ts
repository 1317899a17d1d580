/**
 * A first start on a large catalog reads every part before the search index can answer (about 20 s
 * at 100,000 parts). Meanwhile a page answers at once with its "catalog loading" state and the search
 * API with 503 and Retry-After; once the index is loaded the lists it showed expire. The first snapshot
 * is written chunk by chunk as the parts are read, never from every part held at once.
 */
import { GET as searchRoute } from '@/app/api/search/route';
import { GET as suggestRoute } from '@/app/api/search/suggest/route';
import { GET as partsRoute } from '@/app/api/parts/route';
import { catalogQuery, getCatalogPage, getHomeParts, REQUEST_SEARCH_WAIT } from '@/lib/catalog';
import { catalogSearch } from '@/lib/catalog/search';
import { loadSnapshot, readParts, saveSnapshotOf, SNAPSHOT_POINTER } from '@/lib/catalog/search/snapshot';
import type { IndexedPart } from '@/lib/catalog/search/types';
import { SearchSnapshot } from '@/models';
import { callRoute } from '@/tests/helpers/api';
import { makePart } from '@/tests/helpers/factories';

const globalForCache = globalThis as typeof globalThis & { __shopExpireTags?: (tags: string[]) => Promise<void> };

describe('while the search index loads', () => {
  const expired: string[][] = [];
  const partIds: string[] = [];

  beforeAll(async () => {
    for (const name of ['Loadingtest Brake Disc', 'Loadingtest Oil Filter', 'Loadingtest Spark Plug'])
      partIds.push(await makePart({ name }));
    globalForCache.__shopExpireTags = async (tags) => {
      expired.push(tags);
    };
  });
  afterAll(() => {
    delete globalForCache.__shopExpireTags;
    REQUEST_SEARCH_WAIT.waitMs = 500;
  });

  it('pages answer at once with the loading state, the API with 503 and Retry-After; then the lists expire and fill', async () => {
    // A load that takes longer than a request waits (the index of this file is not loaded yet).
    REQUEST_SEARCH_WAIT.waitMs = 0;
    const started = Date.now();
    expect(await getCatalogPage(catalogQuery({ sort: 'newest' }))).toMatchObject({ loading: true, parts: [], total: 0 });
    expect(await getHomeParts()).toEqual({ parts: [], loading: true });
    for (const [route, path] of [
      [searchRoute, '/api/search?q=brake'],
      [searchRoute, '/api/search'],
      [suggestRoute, '/api/search/suggest?q=brake'],
      [partsRoute, '/api/parts?limit=2'],
    ] as const) {
      const res = await callRoute(route, path);
      expect({ path, status: res.status, retryAfter: res.headers.get('retry-after'), body: res.body }).toEqual({
        path,
        status: 503,
        retryAfter: '5',
        body: { error: 'The catalog is still loading, please try again in a moment' },
      });
    }
    expect(Date.now() - started).toBeLessThan(5000);
    expect(expired).toEqual([]);

    await catalogSearch().ready();
    expect(expired).toContainEqual(['catalog']);
    REQUEST_SEARCH_WAIT.waitMs = 500;
    const page = await getCatalogPage(catalogQuery({ sort: 'newest' }));
    expect(page.loading).toBeUndefined();
    expect(page.parts.map((part) => part._id).sort()).toEqual([...partIds].sort());
    const found = await callRoute(searchRoute, '/api/search?q=loadingtest');
    expect(found.status).toBe(200);
    expect(found.body.total).toBe(3);
  });

  it('a page read after the load does not expire the lists again', async () => {
    const before = expired.length;
    expect((await getHomeParts()).loading).toBeUndefined();
    await catalogSearch().ready();
    expect(expired.length).toBe(before);
  });
});

describe('the first snapshot', () => {
  const part = (n: number): IndexedPart => ({
    _id: `part-${n}`,
    name: `Streamed part ${n}`,
    brand: 'Acme',
    category: 'brakes',
    partNumber: `SP-${n}`,
    oemNumbers: [],
    price: 10 + n,
    availableQuantity: n % 3,
    createdAt: 1_700_000_000_000 + n,
    updatedAt: 1_700_000_000_000 + n,
    fitment: [],
  });

  it('is written a chunk at a time while the parts are read, and keeps only what listings need of each', async () => {
    const storedWhenAsked: number[] = [];
    async function* batches() {
      // 5,000 parts in batches of 1,000, as the cursor reads them: chunks of 2,000 are stored as they fill.
      for (let batch = 0; batch < 5; batch++) {
        storedWhenAsked.push(await SearchSnapshot.countDocuments({ _id: { $ne: SNAPSHOT_POINTER } }));
        yield Array.from({ length: 1000 }, (_, i) => part(batch * 1000 + i));
      }
    }
    const before = await SearchSnapshot.countDocuments({ _id: { $ne: SNAPSHOT_POINTER } });
    const saved = await saveSnapshotOf(batches(), 7);
    expect(saved.error).toBeUndefined();
    expect(storedWhenAsked.map((count) => count - before)).toEqual([0, 0, 1, 1, 2]);
    expect(saved.snapshot?.chunks).toBe(3);
    expect(saved.listed).toHaveLength(5000);
    expect(saved.listed[4321]).toEqual({
      _id: 'part-4321',
      price: 4331,
      availableQuantity: 4321 % 3,
      createdAt: 1_700_000_004_321,
      updatedAt: 1_700_000_004_321,
      brand: 'Acme',
      category: 'brakes',
    });
    const pointer = await SearchSnapshot.findById(SNAPSHOT_POINTER).lean();
    expect(pointer).toMatchObject({ gen: saved.snapshot!.gen, seq: 7, chunks: 3 });
    const read: IndexedPart[] = [];
    for await (const chunk of readParts(saved.snapshot!)) read.push(...chunk);
    expect(read.map((p) => p._id)).toEqual(Array.from({ length: 5000 }, (_, n) => `part-${n}`));
    expect(read[17]).toEqual(part(17));
  });

  it('splits the listings into chunks of a fixed number of parts, so no document passes the 16 MB limit at a million parts', async () => {
    const saved = await saveSnapshotOf([Array.from({ length: 2500 }, (_, n) => part(n))], 9, new Date(), 1000);
    expect(saved.error).toBeUndefined();
    const gen = saved.snapshot!.gen;
    const lists = await SearchSnapshot.find({ gen, _id: { $regex: ':list' } }, { _id: 1 }).lean();
    expect(lists.map((chunk) => chunk._id).sort()).toEqual([`${gen}:list`, `${gen}:list:1`, `${gen}:list:2`]);
    expect(await SearchSnapshot.findById(SNAPSHOT_POINTER).lean()).toMatchObject({ gen, seq: 9, listChunks: 3 });
    const loaded = await loadSnapshot(9);
    expect(loaded?.listed.map((listed) => listed._id)).toEqual(Array.from({ length: 2500 }, (_, n) => `part-${n}`));
    // A pointer from before the split names no list count: its one list chunk is read.
    await SearchSnapshot.updateOne({ _id: SNAPSHOT_POINTER }, { $unset: { listChunks: 1 } });
    expect((await loadSnapshot(9))?.listed).toHaveLength(1000);
  });
});
