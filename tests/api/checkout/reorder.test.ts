import { GET as getCartRoute } from '@/app/api/cart/route';
import { DELETE as removeLineRoute } from '@/app/api/cart/lines/[partId]/route';
import { POST as reorderRoute } from '@/app/api/orders/[id]/reorder/route';
import { CART_TEXT, MAX_CART_LINES } from '@/lib/cart';
import { guestOrderToken } from '@/lib/orders/guest-links';
import { ORDER_MAX_TEXT } from '@/lib/validations/orders';
import { Cart, Part, User } from '@/models';
import type { CallOptions } from '@/tests/helpers/api';
import { makeTaxRate, makeZone } from '@/tests/helpers/checkout';
import { makePart, makeUser, newObjectId } from '@/tests/helpers/factories';
import { shopper, tokenOf } from '@/tests/helpers/shopper';

/** Order again (issue 44): POST /api/orders/{id}/reorder puts an order's lines back in the cart. */

const ADDRESS = { name: 'Rhea Reorder', line1: '1 Mill Road', city: 'Leeds', postalCode: 'LS2 7HX', country: 'GB' };
const PHONE = '+44 113 496 0200';
let standard: string;

beforeAll(async () => {
  standard = (await makeZone({ countries: ['GB'] })).standard;
  await makeTaxRate('GB', 20, true);
});

type Line = { partId: string; quantity: number; unitPrice: number; addedPrice: number; problems: string[] };
type Shopper = ReturnType<typeof shopper>;

/** A checkout of `lines` (part, quantity) by this shopper: the order's id and its link's token (a guest's). */
async function ordered(b: Shopper, lines: Array<[string, number]>, email?: string): Promise<{ id: string; token: string | null }> {
  for (const [partId, quantity] of lines) expect((await b.add(partId, quantity)).status).toBe(201);
  const res = await b.checkout({ ...(email ? { email } : {}), address: ADDRESS, phone: PHONE, shippingMethod: standard });
  expect(res.status).toBe(201);
  return { id: res.body.orderId, token: email ? tokenOf(res.body.orderUrl) : null };
}

const reorder = (b: Shopper, id: string, options: CallOptions = {}) =>
  b.call(reorderRoute, `/api/orders/${id}/reorder`, { method: 'POST', params: { id }, ...options });
const cartOf = async (b: Shopper): Promise<Line[]> => (await b.call(getCartRoute, '/api/cart')).body.lines;
const lineOf = (lines: Line[], partId: string) => lines.find((line) => line.partId === partId);

describe('Order again', () => {
  it('puts every line back at its ordered quantity, flagging a raised price and an archived part', async () => {
    const customer = await makeUser();
    const b = shopper(customer);
    const [pads, sensor, clip] = await Promise.all([
      makePart({ price: 10, stock: 20 }),
      makePart({ price: 5, stock: 20 }),
      makePart({ price: 7, stock: 20 }),
    ]);
    const order = await ordered(b, [
      [pads, 2],
      [sensor, 3],
      [clip, 1],
    ]);
    expect(await cartOf(b)).toEqual([]);
    await Part.updateOne({ _id: pads }, { price: 12 });
    await Part.updateOne({ _id: clip }, { archivedAt: new Date() });

    const res = await reorder(b, order.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(lineOf(res.body.lines, pads)).toMatchObject({ quantity: 2, unitPrice: 12, addedPrice: 10, problems: ['price-raised'] });
    expect(lineOf(res.body.lines, sensor)).toMatchObject({ quantity: 3, unitPrice: 5, addedPrice: 5, problems: [] });
    expect(lineOf(res.body.lines, clip)).toMatchObject({ quantity: 1, problems: ['unavailable'] });
    // The subtotal counts what can be ordered, at today's prices.
    expect(res.body.subtotal).toBe(2 * 12 + 3 * 5);
    const stored = await Cart.findById(`u:${customer._id}`).lean();
    expect(stored!.lines.map((line) => [String(line.partId), line.quantity, line.addedPrice])).toEqual([
      [pads, 2, 10],
      [sensor, 3, 5],
      [clip, 1, 7],
    ]);
  });

  it('keeps a larger quantity the cart holds, and a second Order again adds nothing', async () => {
    const customer = await makeUser();
    const b = shopper(customer);
    const [pads, sensor] = await Promise.all([makePart({ price: 10, stock: 20 }), makePart({ price: 5, stock: 20 })]);
    const order = await ordered(b, [
      [pads, 2],
      [sensor, 3],
    ]);
    await b.add(sensor, 5);
    await b.add(pads, 1);
    await Part.updateOne({ _id: sensor }, { price: 6 });
    for (let time = 0; time < 2; time++) {
      const lines: Line[] = (await reorder(b, order.id)).body.lines;
      expect(lines).toHaveLength(2);
      // The line already in the cart keeps its own price: it was added at $5.
      expect(lineOf(lines, sensor)).toMatchObject({ quantity: 5, addedPrice: 5 });
      expect(lineOf(lines, pads)).toMatchObject({ quantity: 2 });
    }
  });

  it('flags a part now short of stock or below a raised minimum, without cutting or raising the quantity', async () => {
    const customer = await makeUser();
    const b = shopper(customer);
    const [short, raised] = await Promise.all([makePart({ price: 4, stock: 20 }), makePart({ price: 4, stock: 20 })]);
    const order = await ordered(b, [
      [short, 6],
      [raised, 2],
    ]);
    await Part.updateOne({ _id: short }, { availableQuantity: 4 });
    await Part.updateOne({ _id: raised }, { minimumQuantity: 3 });
    const lines: Line[] = (await reorder(b, order.id)).body.lines;
    expect(lineOf(lines, short)).toMatchObject({ quantity: 6, problems: ['over-stock'] });
    expect(lineOf(lines, raised)).toMatchObject({ quantity: 2, problems: ['below-minimum'] });
  });

  it("answers a visitor 401, an admin 403, and another customer's order 404, changing no cart", async () => {
    const customer = await makeUser();
    const b = shopper(customer);
    const part = await makePart({ price: 9, stock: 20 });
    const order = await ordered(b, [[part, 1]]);
    const [other, admin] = await Promise.all([makeUser(), makeUser({ admin: true })]);

    expect((await reorder(shopper(), order.id)).status).toBe(401);
    const byAdmin = await reorder(shopper(admin), order.id);
    expect(byAdmin.status).toBe(403);
    const byOther = await reorder(shopper(other), order.id);
    expect([byOther.status, byOther.body.error]).toEqual([404, 'Order not found']);
    expect((await reorder(shopper(other), newObjectId())).status).toBe(404);
    expect((await reorder(shopper(other), 'not-an-id')).status).toBe(404);
    const crossSite = await reorder(b, order.id, { origin: 'https://elsewhere.example' });
    expect(crossSite.status).toBe(403);
    expect(await Cart.countDocuments({ _id: { $in: [`u:${other._id}`, `u:${admin._id}`] } })).toBe(0);
    expect(await cartOf(b)).toEqual([]);
  });

  it("refuses what the cart's limits would not take, all or nothing: 50 lines, an order's total", async () => {
    const customer = await makeUser();
    const b = shopper(customer);
    const [first, second] = await Promise.all([makePart({ price: 2, stock: 20 }), makePart({ price: 2, stock: 20 })]);
    const order = await ordered(b, [
      [first, 1],
      [second, 1],
    ]);
    const fillers = await Promise.all(Array.from({ length: MAX_CART_LINES - 1 }, () => makePart({ price: 1, stock: 5 })));
    for (const id of fillers) await b.add(id, 1);
    const full = await reorder(b, order.id);
    expect([full.status, full.body.error]).toEqual([400, CART_TEXT.tooManyLines]);
    expect(await cartOf(b)).toHaveLength(MAX_CART_LINES - 1);
    // With one of the order's parts in the cart already, the other fits as the 50th line.
    await b.call(removeLineRoute, '/x', { method: 'DELETE', params: { partId: fillers[0]! } });
    await b.add(first, 1);
    expect((await reorder(b, order.id)).body.lineCount).toBe(MAX_CART_LINES);

    const costly = shopper(await makeUser());
    const big = await makePart({ price: 60_000, stock: 5 });
    const bigOrder = await ordered(costly, [[big, 1]]);
    const other = await makePart({ price: 50_000, stock: 5 });
    await costly.add(other, 1);
    const tooMuch = await reorder(costly, bigOrder.id);
    expect([tooMuch.status, tooMuch.body.error]).toEqual([400, ORDER_MAX_TEXT.total]);
    expect((await cartOf(costly)).map((line) => line.partId)).toEqual([other]);
  });
});

describe('Order again by a guest', () => {
  it("fills this browser's guest cart with the signed link of that order only", async () => {
    const part = await makePart({ price: 15, stock: 20 });
    const buyer = shopper();
    const email = `guest${Date.now()}@example.com`;
    const order = await ordered(buyer, [[part, 2]], email);
    const another = await ordered(shopper(), [[part, 1]], `other${Date.now()}@example.com`);

    const later = shopper();
    const res = await reorder(later, order.id, { origin: null, headers: { 'x-order-token': order.token! } });
    expect(res.status).toBe(200);
    expect(later.cookie()).toBeTruthy();
    expect(await cartOf(later)).toEqual([expect.objectContaining({ partId: part, quantity: 2 })]);

    const stranger = shopper();
    expect((await reorder(stranger, order.id, { origin: null, headers: { 'x-order-token': another.token! } })).status).toBe(404);
    expect((await reorder(stranger, order.id, { origin: null, headers: { 'x-order-token': `${order.token}x` } })).status).toBe(401);
    const forged = guestOrderToken(order.id, 'someone@else.example');
    expect((await reorder(stranger, order.id, { origin: null, headers: { 'x-order-token': forged } })).status).toBe(401);
    expect(stranger.cookie()).toBeNull();
  });

  it('is not open to an account whose email is not verified, for a guest order of that email', async () => {
    const part = await makePart({ price: 15, stock: 20 });
    const email = `unverified${Date.now()}@example.com`;
    const order = await ordered(shopper(), [[part, 1]], email);
    const unverified = await makeUser({ email, verified: false });
    expect((await reorder(shopper(unverified), order.id)).status).toBe(404);
    await User.updateOne({ email }, { emailVerified: new Date() });
    const verified = shopper({ ...unverified, emailVerified: true });
    expect((await reorder(verified, order.id)).status).toBe(200);
    expect(await cartOf(verified)).toEqual([expect.objectContaining({ partId: part, quantity: 1 })]);
  });
});
