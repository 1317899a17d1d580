import { GET as getCartRoute } from '@/app/api/cart/route';
import { POST as addLineRoute } from '@/app/api/cart/lines/route';
import { DELETE as removeLineRoute, PATCH as setLineRoute } from '@/app/api/cart/lines/[partId]/route';
import { CART_COOKIE } from '@/lib/cart/identity';
import { GUEST_CART_DAYS, MAX_CART_LINES, pruneCarts, readCart, removeOrdered } from '@/lib/cart';
import { Types } from 'mongoose';
import { TEXT } from '@/lib/core/texts';
import type { UserDTO } from '@/lib/auth/users';
import { Cart, Part } from '@/models';
import { callRoute, type CallOptions } from '@/tests/helpers/api';
import { makePart, makeUser, newObjectId } from '@/tests/helpers/factories';

let customer: UserDTO;
let admin: UserDTO;

beforeAll(async () => {
  customer = await makeUser({ name: 'Carla Cart' });
  admin = await makeUser({ admin: true });
});

/** A browser: keeps the guest cookie the shop sets, and sends it back. */
function browser() {
  let cookie: string | null = null;
  const call = async (handler: Parameters<typeof callRoute>[0], path: string, options: CallOptions = {}) => {
    const headers = { ...(options.headers ?? {}), ...(cookie && !options.as ? { cookie } : {}) };
    const res = await callRoute(handler, path, { ...options, headers });
    const set = res.headers.get('set-cookie');
    if (set?.startsWith(`${CART_COOKIE}=`)) cookie = set.split(';')[0]!.endsWith('=') ? null : set.split(';')[0]!;
    return res;
  };
  return { call, cookie: () => cookie, setCookie: (value: string | null) => (cookie = value) };
}

const add = (b: ReturnType<typeof browser>, partId: string, quantity: number, as?: UserDTO) =>
  b.call(addLineRoute, '/api/cart/lines', { method: 'POST', body: { partId, quantity }, as });

const ownerOf = (b: ReturnType<typeof browser>) => `g:${b.cookie()!.split('=')[1]!.split('.')[0]}`;

/**
 * What another instance may do meanwhile: the cart removed (pruned, say) and made again by the same
 * browser at the same revision, a second later, holding one line of `partId`.
 */
async function remakeAtSameRevision(owner: string, partId: string, quantity: number): Promise<void> {
  const stored = await Cart.collection.findOne({ _id: owner as never });
  await Cart.collection.deleteOne({ _id: owner as never });
  const later = new Date(stored!.createdAt.getTime() + 1000);
  await Cart.collection.insertOne({
    _id: owner as never,
    lines: [{ partId: new Types.ObjectId(partId), quantity, addedPrice: 9, addedAt: later }],
    rev: stored!.rev,
    createdAt: later,
    updatedAt: later,
  });
}

describe('cart rules', () => {
  it('a guest gets a signed cookie on the first write; lines add up; the count is the sum of quantities', async () => {
    const b = browser();
    const pads = await makePart({ price: 40, stock: 10 });
    const empty = await b.call(getCartRoute, '/api/cart');
    expect(empty.status).toBe(200);
    expect(empty.body.lines).toEqual([]);
    expect(b.cookie()).toBeNull();

    const first = await add(b, pads, 2);
    expect(first.status).toBe(201);
    expect(b.cookie()).toMatch(new RegExp(`^${CART_COOKIE}=[A-Za-z0-9_-]{22}\\.`));
    const second = await add(b, pads, 3);
    expect(second.body.lines).toHaveLength(1);
    expect(second.body.lines[0]).toMatchObject({ partId: pads, quantity: 5, unitPrice: 40, lineTotal: 200, problems: [] });
    expect(second.body).toMatchObject({ count: 5, lineCount: 1, subtotal: 200, currency: 'usd' });
    expect((await b.call(getCartRoute, '/api/cart')).body.count).toBe(5);
  });

  it('keeps the part rules: the minimum (400), the stock (409, the spec text), whole positive quantities, 50 lines', async () => {
    const b = browser();
    const rotors = await makePart({ price: 60, stock: 4, minimumQuantity: 2 });
    const below = await add(b, rotors, 1);
    expect(below.status).toBe(400);
    expect(below.body.error).toBe('Please Order minimum 2 pieces');
    const over = await add(b, rotors, 5);
    expect(over.status).toBe(409);
    expect(over.body.error).toBe(TEXT.overStock);
    for (const quantity of [0, -1, 1.5, '2', null]) expect((await add(b, rotors, quantity as number)).status).toBe(400);
    expect((await add(b, newObjectId(), 1)).status).toBe(404);
    expect((await add(b, 'not-an-id', 1)).status).toBe(400);
    await add(b, rotors, 2);
    expect((await add(b, rotors, 3)).status).toBe(409);
    // PATCH judges the same rules; a part not in the cart is 404.
    expect((await b.call(setLineRoute, '/x', { method: 'PATCH', params: { partId: rotors }, body: { quantity: 1 } })).status).toBe(400);
    expect((await b.call(setLineRoute, '/x', { method: 'PATCH', params: { partId: rotors }, body: { quantity: 9 } })).status).toBe(409);
    const set = await b.call(setLineRoute, '/x', { method: 'PATCH', params: { partId: rotors }, body: { quantity: 4 } });
    expect(set.body.lines[0].quantity).toBe(4);
    expect((await b.call(setLineRoute, '/x', { method: 'PATCH', params: { partId: newObjectId() }, body: { quantity: 1 } })).status).toBe(
      404,
    );
    const removed = await b.call(removeLineRoute, '/x', { method: 'DELETE', params: { partId: rotors } });
    expect(removed.body.lines).toEqual([]);

    const many = browser();
    const ids = await Promise.all(Array.from({ length: MAX_CART_LINES + 1 }, () => makePart({ price: 1, stock: 5 })));
    for (const id of ids.slice(0, MAX_CART_LINES)) expect((await add(many, id, 1)).status).toBe(201);
    const refused = await add(many, ids[MAX_CART_LINES]!, 1);
    expect(refused.status).toBe(400);
    expect((await many.call(getCartRoute, '/api/cart')).body.lineCount).toBe(MAX_CART_LINES);
  });

  it('flags what changed since a line was added instead of changing it: price, stock, withdrawn', async () => {
    const b = browser();
    const [raised, lowered, shrunk, withdrawn] = await Promise.all([
      makePart({ price: 10, stock: 10 }),
      makePart({ price: 10, stock: 10 }),
      makePart({ price: 10, stock: 10 }),
      makePart({ price: 10, stock: 10 }),
    ]);
    for (const id of [raised, lowered, shrunk, withdrawn]) await add(b, id, 3);
    await Part.updateOne({ _id: raised }, { price: 12.5 });
    await Part.updateOne({ _id: lowered }, { price: 9 });
    await Part.updateOne({ _id: shrunk }, { availableQuantity: 2 });
    await Part.updateOne({ _id: withdrawn }, { archivedAt: new Date() });
    const cart = (await b.call(getCartRoute, '/api/cart')).body;
    const line = (id: string) => cart.lines.find((candidate: { partId: string }) => candidate.partId === id);
    expect(line(raised)).toMatchObject({ unitPrice: 12.5, addedPrice: 10, quantity: 3, problems: ['price-raised'] });
    expect(line(lowered)).toMatchObject({ unitPrice: 9, problems: ['price-lowered'] });
    expect(line(shrunk)).toMatchObject({ quantity: 3, availableQuantity: 2, problems: ['over-stock'] });
    expect(line(withdrawn)).toMatchObject({ quantity: 3, problems: ['unavailable'] });
    // The subtotal counts what can be ordered at today's prices.
    expect(cart.subtotal).toBe(12.5 * 3 + 9 * 3 + 10 * 3);
  });

  it('a forged cookie is no cookie, and another guest never sees this cart', async () => {
    const b = browser();
    const part = await makePart({ stock: 5 });
    await add(b, part, 1);
    const [name, value] = b.cookie()!.split('=');
    const [id] = value!.split('.');
    const forged = browser();
    forged.setCookie(`${name}=${id}.AAAA`);
    expect((await forged.call(getCartRoute, '/api/cart')).body.lines).toEqual([]);
    const stranger = browser();
    expect((await stranger.call(getCartRoute, '/api/cart')).body.lines).toEqual([]);
  });

  it('cookie-carried writes must come from the shop; admins cannot fill a cart', async () => {
    const b = browser();
    const part = await makePart({ stock: 5 });
    await add(b, part, 1);
    const crossSite = await b.call(addLineRoute, '/api/cart/lines', {
      method: 'POST',
      body: { partId: part, quantity: 1 },
      origin: 'https://evil.example',
    });
    expect(crossSite.status).toBe(403);
    expect((await b.call(getCartRoute, '/api/cart')).body.count).toBe(1);
    const byAdmin = await add(browser(), part, 1, admin);
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body.error).toBe(TEXT.adminCantPurchase);
  });

  it('signing in merges the guest cart into the account: quantities add up within the stock, nothing lost', async () => {
    const b = browser();
    const [pads, sensor, rotor] = await Promise.all([makePart({ stock: 5 }), makePart({ stock: 8 }), makePart({ stock: 3 })]);
    await add(b, pads, 2);
    await add(b, sensor, 1);
    await add(b, rotor, 2);
    const guestCookie = b.cookie()!;
    // The account already holds pads (2) and the rotor (2): 4 pads, and the rotor capped at its stock of 3.
    const account = browser();
    await add(account, pads, 2, customer);
    await add(account, rotor, 2, customer);
    const merged = await callRoute(getCartRoute, '/api/cart', { as: customer, headers: { cookie: guestCookie } });
    expect(merged.status).toBe(200);
    const quantities = Object.fromEntries(
      merged.body.lines.map((line: { partId: string; quantity: number }) => [line.partId, line.quantity]),
    );
    expect(quantities).toEqual({ [pads]: 4, [sensor]: 1, [rotor]: 3 });
    // The merging answer keeps the guest cookie (a guest write on its way is merged next time); the guest
    // cart is empty now, so the same cookie merges nothing twice, and the next answer clears it.
    expect(merged.headers.get('set-cookie')).toBeNull();
    expect(await Cart.countDocuments({ _id: { $regex: '^g:' }, 'lines.partId': sensor })).toBe(0);
    const again = await callRoute(getCartRoute, '/api/cart', { as: customer, headers: { cookie: guestCookie } });
    expect(again.body.count).toBe(8);
    expect(again.headers.get('set-cookie')).toMatch(new RegExp(`^${CART_COOKIE}=;`));
  });

  it('several requests merging one guest cart at once add its lines once', async () => {
    const shopper = await makeUser({ name: 'Mia Merge' });
    const b = browser();
    const [pads, sensor] = await Promise.all([makePart({ stock: 50 }), makePart({ stock: 50 })]);
    await add(b, pads, 3);
    await add(b, sensor, 2);
    // The navbar's count and the cart page ask at once, right after signing in.
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => callRoute(getCartRoute, '/api/cart', { as: shopper, headers: { cookie: b.cookie()! } })),
    );
    expect(answers.every((res) => res.status === 200)).toBe(true);
    const account = (await callRoute(getCartRoute, '/api/cart', { as: shopper })).body;
    expect(Object.fromEntries(account.lines.map((line: { partId: string; quantity: number }) => [line.partId, line.quantity]))).toEqual({
      [pads]: 3,
      [sensor]: 2,
    });
  });

  it('a guest line added while the cart merges is merged by the next request, never lost', async () => {
    const shopper = await makeUser({ name: 'Leo Late' });
    const b = browser();
    const parts = await Promise.all(Array.from({ length: 7 }, () => makePart({ stock: 50 })));
    await add(b, parts[0]!, 1);
    const guestCookie = b.cookie()!;
    // A merge and six guest adds (another tab, not signed in yet) at the same moment.
    const [merging, ...adds] = await Promise.all([
      callRoute(getCartRoute, '/api/cart', { as: shopper, headers: { cookie: guestCookie } }),
      ...parts.slice(1).map((part) => add(b, part, 1)),
    ]);
    expect(merging.status).toBe(200);
    expect(adds.map((res) => res.status)).toEqual(Array(6).fill(201));
    // Each line is in the account or still in the guest cart, whose cookie the browser keeps until nothing is left.
    let cookieCleared = false;
    for (let request = 0; request < 3 && !cookieCleared; request++) {
      const res = await callRoute(getCartRoute, '/api/cart', { as: shopper, headers: { cookie: guestCookie } });
      cookieCleared = Boolean(res.headers.get('set-cookie')?.startsWith(`${CART_COOKIE}=;`));
    }
    expect(cookieCleared).toBe(true);
    const account = (await callRoute(getCartRoute, '/api/cart', { as: shopper })).body;
    expect(account.lines.map((line: { partId: string }) => line.partId).sort()).toEqual([...parts].sort());
    expect(account.count).toBe(7);
  });

  it('two tabs adding at once both count (revisions, no lost line)', async () => {
    const b = browser();
    const part = await makePart({ stock: 100 });
    await add(b, part, 1);
    const results = await Promise.all(Array.from({ length: 8 }, () => add(b, part, 1)));
    expect(results.every((res) => res.status === 201)).toBe(true);
    expect((await b.call(getCartRoute, '/api/cart')).body.count).toBe(9);
  });

  it("removes abandoned guest carts after GUEST_CART_DAYS, keeps customers' and recent ones", async () => {
    const part = await makePart({ stock: 5 });
    const old = browser();
    await add(old, part, 1);
    const recent = browser();
    await add(recent, part, 1);
    await add(browser(), part, 1, customer);
    const oldOwner = ownerOf(old);
    const longAgo = new Date(Date.now() - (GUEST_CART_DAYS + 1) * 24 * 60 * 60_000);
    await Cart.collection.updateOne({ _id: oldOwner as never }, { $set: { updatedAt: longAgo } });
    await Cart.collection.updateOne({ _id: `u:${customer._id}` as never }, { $set: { updatedAt: longAgo } });
    const before = await Cart.countDocuments();
    expect((await pruneCarts()).removed).toBe(1);
    expect(await Cart.countDocuments()).toBe(before - 1);
    expect(await Cart.exists({ _id: oldOwner })).toBeNull();
    expect((await old.call(getCartRoute, '/api/cart')).body.lines).toEqual([]);
    expect((await recent.call(getCartRoute, '/api/cart')).body.count).toBe(1);
  });

  it('after a checkout, empties a cart left as it was ordered, and keeps a line added meanwhile', async () => {
    const [pads, rotors, sensor] = await Promise.all([makePart({ stock: 9 }), makePart({ stock: 9 }), makePart({ stock: 9 })]);
    const ordered = (...ids: string[]) => ids.map((id) => ({ partId: new Types.ObjectId(id), quantity: 2 }));
    const unchanged = browser();
    await add(unchanged, pads, 2);
    await add(unchanged, rotors, 2);
    const owner = ownerOf(unchanged);
    const asOrdered = await readCart(owner);
    expect(asOrdered.view.count).toBe(4);
    await removeOrdered(owner, ordered(pads, rotors), asOrdered.stored);
    expect((await unchanged.call(getCartRoute, '/api/cart')).body).toMatchObject({ lines: [], count: 0 });

    const changed = browser();
    await add(changed, pads, 2);
    const other = ownerOf(changed);
    const before = await readCart(other);
    // While the checkout runs: another tab adds a sensor and one more pad.
    await add(changed, sensor, 1);
    await add(changed, pads, 1);
    await removeOrdered(other, ordered(pads), before.stored);
    const left = (await changed.call(getCartRoute, '/api/cart')).body;
    expect(left.lines.map((line: { partId: string; quantity: number }) => [line.partId, line.quantity]).sort()).toEqual(
      [
        [pads, 1],
        [sensor, 1],
      ].sort(),
    );
  });

  it('after a checkout, a cart removed and made again at the same revision meanwhile keeps its lines', async () => {
    const [pads, sensor] = await Promise.all([makePart({ stock: 9 }), makePart({ stock: 9 })]);
    const b = browser();
    await add(b, pads, 2);
    const owner = ownerOf(b);
    const asOrdered = await readCart(owner);
    // While the checkout runs, the cart goes and the same browser starts another, at the same revision.
    await remakeAtSameRevision(owner, sensor, 1);
    await removeOrdered(owner, [{ partId: new Types.ObjectId(pads), quantity: 2 }], asOrdered.stored);
    const left = (await b.call(getCartRoute, '/api/cart')).body;
    expect(left.lines.map((line: { partId: string; quantity: number }) => [line.partId, line.quantity])).toEqual([[sensor, 1]]);
  });

  it('counts a guest cart as touched again when it changes, and keeps it', async () => {
    const part = await makePart({ stock: 5 });
    const guest = browser();
    await add(guest, part, 1);
    const owner = ownerOf(guest);
    const longAgo = new Date(Date.now() - (GUEST_CART_DAYS + 1) * 24 * 60 * 60_000);
    await Cart.collection.updateOne({ _id: owner as never }, { $set: { updatedAt: longAgo, createdAt: longAgo } });
    await add(guest, part, 1);
    const stored = await Cart.collection.findOne({ _id: owner as never });
    expect(stored!.updatedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(stored!.createdAt).toEqual(longAgo);
    expect((await pruneCarts()).removed).toBe(0);
    expect((await guest.call(getCartRoute, '/api/cart')).body.count).toBe(2);
  });
});

describe('a cart written by another instance meanwhile (this process remembers the carts it wrote)', () => {
  const linesOf = (body: { lines: Array<{ partId: string; quantity: number }> }) =>
    body.lines.map((line) => [line.partId, line.quantity]).sort();

  it('a write reads a cart it wrote last once: the next add reads no cart', async () => {
    const b = browser();
    const part = await makePart({ stock: 50 });
    await add(b, part, 1);
    const reads = jest.spyOn(Cart.collection, 'findOne');
    try {
      expect((await add(b, part, 2)).body.count).toBe(3);
      expect(reads).not.toHaveBeenCalled();
    } finally {
      reads.mockRestore();
    }
  });

  it('keeps a line another instance added: the write fails its revision and reads the cart again', async () => {
    const b = browser();
    const [pads, sensor] = await Promise.all([makePart({ price: 40, stock: 10 }), makePart({ price: 9, stock: 10 })]);
    await add(b, pads, 1);
    // Another instance adds a sensor to the same cart.
    await Cart.collection.updateOne(
      { _id: ownerOf(b) as never },
      {
        $push: { lines: { partId: new Types.ObjectId(sensor), quantity: 2, addedPrice: 9, addedAt: new Date() } } as never,
        $inc: { rev: 1 },
      },
    );
    const res = await add(b, pads, 1);
    expect(res.status).toBe(201);
    expect(linesOf(res.body)).toEqual(
      [
        [pads, 2],
        [sensor, 2],
      ].sort(),
    );
    expect(linesOf((await b.call(getCartRoute, '/api/cart')).body)).toEqual(
      [
        [pads, 2],
        [sensor, 2],
      ].sort(),
    );
  });

  it('a cart removed and made again elsewhere at the same revision is another cart: the write builds on the new one', async () => {
    const b = browser();
    const [pads, rotors] = await Promise.all([makePart({ stock: 10 }), makePart({ stock: 10 })]);
    await add(b, pads, 1);
    await remakeAtSameRevision(ownerOf(b), rotors, 3);
    const res = await add(b, pads, 1);
    expect(res.status).toBe(201);
    expect(linesOf(res.body)).toEqual(
      [
        [pads, 1],
        [rotors, 3],
      ].sort(),
    );
  });

  it('refuses only on the cart as stored: a quantity lowered elsewhere lets an add through that the old cart would refuse', async () => {
    const b = browser();
    const pads = await makePart({ stock: 12 });
    await add(b, pads, 10);
    await Cart.collection.updateOne({ _id: ownerOf(b) as never }, { $set: { 'lines.0.quantity': 2 }, $inc: { rev: 1 } });
    const res = await add(b, pads, 5);
    expect(res.status).toBe(201);
    expect(res.body.count).toBe(7);
    // And a real refusal is still one.
    expect((await add(b, pads, 6)).status).toBe(409);
    expect((await b.call(getCartRoute, '/api/cart')).body.count).toBe(7);
  });
});
