import mongoose from 'mongoose';
import { GET as getPartRoute } from '@/app/api/parts/[id]/route';
import { GET as listPartsRoute } from '@/app/api/parts/route';
import { GET as listReviewsRoute } from '@/app/api/review/route';
import { makePart, makeReview, makeUser, newObjectId } from '@/tests/helpers/factories';
import { callRoute } from '@/tests/helpers/api';
import { Part, Review } from '@/models';
import { resetEnv } from '@/lib/platform/env';
import { catalogSearch } from '@/lib/catalog';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe('GET /api/parts', () => {
  beforeAll(async () => {
    // 12 parts, part 0 the oldest.
    for (let i = 0; i < 12; i++) await makePart({ name: `Catalog part ${i}`, createdAt: minutesAgo(100 - i), stock: i });
    // The list is answered from the search index: loaded here, not by the first test's request (a 503 while it loads).
    await catalogSearch().ready();
  });

  it('lists parts newest first with the fields of the spec, for a visitor', async () => {
    const res = await callRoute(listPartsRoute, '/api/parts');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('12');
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.body.map((part: { name: string }) => part.name).slice(0, 3)).toEqual([
      'Catalog part 11',
      'Catalog part 10',
      'Catalog part 9',
    ]);
    const [first] = res.body;
    expect(Object.keys(first).sort()).toEqual(
      [
        ...['_id', 'availableQuantity', 'createdAt', 'description', 'img', 'minimumQuantity', 'name', 'price', 'updatedAt'],
        // The catalog's fields beyond the spec (DESIGN.md section 4).
        ...['category', 'brand', 'partNumber', 'oemNumbers', 'position', 'fitment', 'archived', 'unit', 'weightKg'],
        // What a supplier's PIES file adds (issue 46).
        ...['interchange', 'attributes', 'kitComponents'],
        // Vehicles buyers returned the part for as not fitting, until reviewed; its core deposit (issue 47).
        ...['fitWarnings', 'coreCharge'],
      ].sort(),
    );
    expect(first).toMatchObject({ availableQuantity: 11, minimumQuantity: 1, price: 19.99 });
    expect(first).not.toHaveProperty('stockSeq');
  });

  it('pages with limit and page', async () => {
    const first = await callRoute(listPartsRoute, '/api/parts?limit=5&page=1');
    const third = await callRoute(listPartsRoute, '/api/parts?limit=5&page=3');
    expect(first.body).toHaveLength(5);
    expect(third.body.map((part: { name: string }) => part.name)).toEqual(['Catalog part 1', 'Catalog part 0']);
    expect(third.headers.get('x-page')).toBe('3');
    const beyond = await callRoute(listPartsRoute, '/api/parts?limit=5&page=4');
    expect(beyond.status).toBe(200);
    expect(beyond.body).toEqual([]);
    expect(beyond.headers.get('x-total-count')).toBe('12');
  });

  it('answers the same list to a signed-in customer and an admin', async () => {
    const customer = await makeUser();
    const admin = await makeUser({ admin: true });
    for (const as of [customer, admin]) {
      const res = await callRoute(listPartsRoute, '/api/parts?limit=3', { as });
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(3);
    }
  });

  it.each(['limit=0', 'limit=101', 'limit=abc', 'page=0', 'page=-2', 'limit=2.5'])('refuses %s with a 400 JSON error', async (query) => {
    const res = await callRoute(listPartsRoute, `/api/parts?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/whole number/);
  });

  it('caps the list at 100 parts', async () => {
    const res = await callRoute(listPartsRoute, '/api/parts?limit=100');
    expect(res.status).toBe(200);
    expect(res.body.length).toBeLessThanOrEqual(100);
  });
});

describe('GET /api/parts/{id}', () => {
  it('answers one part', async () => {
    const id = await makePart({ name: 'Single part', price: 42.5, stock: 7, minimumQuantity: 2 });
    const res = await callRoute(getPartRoute, `/api/parts/${id}`, { params: { id } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: id, name: 'Single part', price: 42.5, availableQuantity: 7, minimumQuantity: 2 });
  });

  it.each([
    ['an unknown id', newObjectId()],
    ['a malformed id', 'not-an-id'],
    ['an operator-looking id', '{"$ne":null}'],
    ['a 12-byte string', 'aaaaaaaaaaaa'],
  ])('answers 404 JSON for %s, never 500', async (_label, id) => {
    const res = await callRoute(getPartRoute, `/api/parts/${encodeURIComponent(id)}`, { params: { id } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Part not found' });
  });
});

describe('GET /api/review', () => {
  beforeAll(async () => {
    for (let i = 0; i < 8; i++) await makeReview({ name: `Reviewer ${i}`, rating: (i % 5) + 1, createdAt: minutesAgo(50 - i) });
  });

  it('lists reviews newest first without the author email', async () => {
    const res = await callRoute(listReviewsRoute, '/api/review');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(8);
    expect(res.body[0]).toMatchObject({ name: 'Reviewer 7', rating: 3 });
    expect(Object.keys(res.body[0]).sort()).toEqual(['_id', 'createdAt', 'image', 'name', 'rating', 'review']);
    expect(await Review.countDocuments({ authorEmail: 'someone@example.com' })).toBe(8);
  });

  it('pages and validates like the parts list', async () => {
    const page = await callRoute(listReviewsRoute, '/api/review?limit=6');
    expect(page.body).toHaveLength(6);
    expect((await callRoute(listReviewsRoute, '/api/review?limit=500')).status).toBe(400);
  });
});

describe('when the database is down', () => {
  it('answers 503 JSON quickly instead of 500', async () => {
    await Part.estimatedDocumentCount();
    const uri = process.env.MONGODB_URI;
    await mongoose.disconnect();
    process.env.MONGODB_URI = 'mongodb://127.0.0.1:9/unreachable';
    process.env.MONGODB_SERVER_SELECTION_TIMEOUT_MS = '500';
    resetEnv();
    try {
      const started = Date.now();
      const res = await callRoute(listPartsRoute, '/api/parts');
      expect(res.status).toBe(503);
      expect(res.body.error).toMatch(/unavailable/);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      process.env.MONGODB_URI = uri;
      delete process.env.MONGODB_SERVER_SELECTION_TIMEOUT_MS;
      resetEnv();
    }
    // And the shop recovers by itself once the database answers again.
    const res = await callRoute(listPartsRoute, '/api/parts?limit=1');
    expect(res.status).toBe(200);
  });
});
