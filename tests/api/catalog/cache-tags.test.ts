import { DELETE as cancelOrderRoute } from '@/app/api/order/[id]/route';
import { POST as placeOrderRoute } from '@/app/api/order/route';
import { DELETE as deletePartRoute, PUT as updatePartRoute } from '@/app/api/parts/[id]/route';
import { POST as createPartRoute } from '@/app/api/parts/route';
import { latestSeq, logKey } from '@/lib/catalog/change-log';
import { catalogSearch } from '@/lib/catalog/search';
import { TAGS } from '@/lib/catalog/tags';
import type { UserDTO } from '@/lib/auth/users';
import { CatalogChange } from '@/models';
import { callRoute } from '@/tests/helpers/api';
import { makePart, makeUser } from '@/tests/helpers/factories';

/**
 * The cache tags each catalog change expires (lib/catalog/index.ts): a part's own tag for a change only its
 * page and the lists showing it display (an order's stock, a price), `catalog` as well when which parts
 * a list holds may change. Outside Next.js, lib/platform/cache.ts expires tags through the cache handler's hook,
 * which this file records in place of the handler.
 */
const globalForCache = globalThis as typeof globalThis & { __shopExpireTags?: (tags: string[]) => Promise<void> };
const expired: string[] = [];

beforeAll(() => {
  globalForCache.__shopExpireTags = async (tags) => {
    expired.push(...tags);
  };
});
afterAll(() => {
  delete globalForCache.__shopExpireTags;
});

const CONTACT = { address: '12 Mill Road, Leeds', phone: '+44 113 496 0200' };

let customer: UserDTO;
let admin: UserDTO;

beforeAll(async () => {
  customer = await makeUser({ name: 'Tess Tags' });
  admin = await makeUser({ name: 'Tom Tags', admin: true });
});

/** The tags `change` expires, each once, in order. */
async function tagsExpiredBy(change: () => Promise<{ status: number }>, status = 200): Promise<string[]> {
  expired.length = 0;
  expect((await change()).status).toBe(status);
  return [...new Set(expired)];
}

const order = (partId: string, quantity: number) =>
  callRoute(placeOrderRoute, '/api/order', { method: 'POST', as: customer, body: { partId, ...CONTACT, quantity } });

describe('the cache tags a change expires', () => {
  it("an order expires only its part's tag, not the other parts' nor every list", async () => {
    const partId = await makePart({ stock: 10 });
    await makePart({ stock: 10 });
    expect(await tagsExpiredBy(() => order(partId, 2), 201)).toEqual([TAGS.part(partId)]);
  });

  it('an order that takes the last piece expires the lists as well: the in-stock lists no longer hold the part', async () => {
    const partId = await makePart({ stock: 2 });
    expect((await tagsExpiredBy(() => order(partId, 2), 201)).sort()).toEqual([TAGS.catalog, TAGS.part(partId)].sort());
  });

  it("cancelling an order expires its part's tag only", async () => {
    const partId = await makePart({ stock: 10 });
    const placed = await order(partId, 3);
    const id = (placed.body as { insertedId: string }).insertedId;
    const cancel = () => callRoute(cancelOrderRoute, `/api/order/${id}`, { method: 'DELETE', params: { id }, as: customer });
    expect(await tagsExpiredBy(cancel)).toEqual([TAGS.part(partId)]);
  });

  it('cancelling the order that took the last piece expires the lists as well: the part is back in stock', async () => {
    const partId = await makePart({ stock: 2 });
    const placed = await order(partId, 2);
    const id = (placed.body as { insertedId: string }).insertedId;
    const cancel = () => callRoute(cancelOrderRoute, `/api/order/${id}`, { method: 'DELETE', params: { id }, as: customer });
    expect((await tagsExpiredBy(cancel)).sort()).toEqual([TAGS.catalog, TAGS.part(partId)].sort());
  });

  it('restocking a part at 0 expires the lists as well as its tag', async () => {
    const partId = await makePart({ stock: 0 });
    const restock = () =>
      callRoute(updatePartRoute, `/api/parts/${partId}`, {
        method: 'PUT',
        params: { id: partId },
        as: admin,
        body: { availableQuantity: 4 },
      });
    expect((await tagsExpiredBy(restock)).sort()).toEqual([TAGS.catalog, TAGS.part(partId)].sort());
  });

  it("an admin's restock expires the part's tag only; a new price, a new part and a deleted one expire the lists too", async () => {
    const partId = await makePart({ stock: 5 });
    const update = (body: Record<string, unknown>) => () =>
      callRoute(updatePartRoute, `/api/parts/${partId}`, { method: 'PUT', params: { id: partId }, as: admin, body });
    expect(await tagsExpiredBy(update({ availableQuantity: 9 }))).toEqual([TAGS.part(partId)]);
    // A price sorts and filters lists.
    expect((await tagsExpiredBy(update({ price: 31.5 }))).sort()).toEqual([TAGS.catalog, TAGS.part(partId)].sort());

    const created = await callRoute(createPartRoute, '/api/parts', {
      method: 'POST',
      as: admin,
      body: {
        name: 'Tagged Wheel Bearing',
        price: 44.1,
        availableQuantity: 6,
        minimumQuantity: 1,
        img: '/uploads/11111111-2222-3333-4444-555555555555.png',
        description: 'Sealed front wheel bearing hub with an integrated ABS ring, pressed and ready to bolt on.',
        category: 'suspension',
      },
    });
    expect(created.status).toBe(201);
    const newId = (created.body as { insertedId: string }).insertedId;
    expect(expired).toEqual(expect.arrayContaining([TAGS.part(newId), TAGS.catalog]));

    const remove = () => callRoute(deletePartRoute, `/api/parts/${newId}`, { method: 'DELETE', params: { id: newId }, as: admin });
    expect((await tagsExpiredBy(remove)).sort()).toEqual([TAGS.catalog, TAGS.part(newId)].sort());
  });

  it('a refused order expires nothing', async () => {
    const partId = await makePart({ stock: 1 });
    expect(await tagsExpiredBy(() => order(partId, 5), 409)).toEqual([]);
  });

  it("another instance's change expires its part's tag and the lists here once the search index reads it, and stays in the log once", async () => {
    const partId = await makePart({ stock: 3 });
    await catalogSearch().refresh();
    const seq = (await latestSeq()) + 1;
    // Appended as another process appends it: this one has not made it.
    await CatalogChange.create({ _id: logKey(seq), partId });
    expired.length = 0;
    // Twice: a follow of the log already under way (the index's timer) may have started before the append.
    await catalogSearch().refresh();
    await catalogSearch().refresh();
    expect([...new Set(expired)].sort()).toEqual([TAGS.catalog, TAGS.part(partId)].sort());
    expect(await latestSeq()).toBe(seq);
  });
});
