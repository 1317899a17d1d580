import { GET as addressesRoute } from '@/app/api/checkout/addresses/route';
import { POST as createIntentRoute } from '@/app/api/create-payment-intent/route';
import { DELETE as cancelRoute, GET as orderRoute } from '@/app/api/order/[id]/route';
import { GET as myOrdersRoute } from '@/app/api/order/route';
import { POST as lookupRoute } from '@/app/api/orders/lookup/route';
import { guestOrderToken } from '@/lib/orders/guest-links';
import { LOOKUP_ANSWER } from '@/lib/orders/lookup';
import { Order, OutboxMessage, User } from '@/models';
import { callRoute } from '@/tests/helpers/api';
import { makeZone } from '@/tests/helpers/checkout';
import { shopper } from '@/tests/helpers/shopper';
import { makePart, makeUser } from '@/tests/helpers/factories';

/** A guest's orders (lib/orders/guest-links.ts, lookup.ts, access.ts): reached by their own link only. */

let zone: { standard: string };
const ADDRESS = { name: 'Gus Guest', line1: '7 Dock Street', city: 'Leeds', postalCode: 'LS10 1JF', country: 'GB' };
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  zone = await makeZone({ countries: ['GB'] });
});

/** A guest's order of one part: its id, number and the token of its link. */
async function guestOrder(email: string, address = ADDRESS): Promise<{ id: string; number: string; token: string }> {
  const b = shopper();
  await b.add(await makePart({ price: 20, stock: 10 }), 1);
  const res = await b.checkout({ email, address, phone: '+44 113 496 0203', shippingMethod: zone.standard });
  expect(res.status).toBe(201);
  const token = new URL(res.body.orderUrl, 'http://x').searchParams.get('t')!;
  return { id: res.body.orderId, number: res.body.orderNumber, token };
}

const withToken = (token: string) => ({ headers: { 'x-order-token': token }, origin: null });
const openOrder = (id: string, token: string) => callRoute(orderRoute, `/api/order/${id}`, { params: { id }, ...withToken(token) });

describe('an order link', () => {
  it('with its signature shortened by one character opens nothing (401)', async () => {
    const { id, token } = await guestOrder('short.link@example.com');
    expect((await openOrder(id, token)).status).toBe(200);
    const res = await openOrder(id, token.slice(0, -1));
    expect(res.status).toBe(401);
    expect(res.body).not.toHaveProperty('email');
  });

  it('one past its expiry opens nothing (401); one still inside it opens the order', async () => {
    const email = 'old.link@example.com';
    const { id } = await guestOrder(email);
    // Made 90 days ago (less a minute, and plus a second): the link lasts 90 days.
    expect((await openOrder(id, guestOrderToken(id, email, Date.now() - 90 * DAY + 60_000))).status).toBe(200);
    const expired = await openOrder(id, guestOrderToken(id, email, Date.now() - 90 * DAY - 1000));
    expect(expired.status).toBe(401);
    const cancel = await callRoute(cancelRoute, `/api/order/${id}`, {
      method: 'DELETE',
      params: { id },
      ...withToken(guestOrderToken(id, email, Date.now() - 90 * DAY - 1000)),
    });
    expect(cancel.status).toBe(401);
    expect((await Order.findById(id).lean())!.cancelledAt).toBeNull();
  });

  it('opens its own order only, not the other orders of that email', async () => {
    const email = 'two.orders@example.com';
    const first = await guestOrder(email);
    const second = await guestOrder(email);
    expect((await openOrder(first.id, first.token)).status).toBe(200);
    expect((await openOrder(second.id, first.token)).status).toBe(404);
    const cancel = await callRoute(cancelRoute, `/api/order/${second.id}`, {
      method: 'DELETE',
      params: { id: second.id },
      ...withToken(first.token),
    });
    expect(cancel.status).toBe(404);
    expect((await Order.findById(second.id).lean())!.cancelledAt).toBeNull();
    const pay = await callRoute(createIntentRoute, '/api/create-payment-intent', {
      method: 'POST',
      body: { orderId: second.id },
      ...withToken(first.token),
    });
    expect(pay.status).toBe(404);
    // The list of the email's orders is an account's, not a link's.
    expect((await callRoute(myOrdersRoute, `/api/order?email=${email}`, withToken(first.token))).status).toBe(401);
  });
});

describe('/orders/lookup', () => {
  const lookup = (number: string, email: string) =>
    callRoute(lookupRoute, '/api/orders/lookup', { method: 'POST', body: { number, email }, origin: null });
  const linksOf = (id: string) => OutboxMessage.find({ _id: { $regex: `^${id}:link:` } }).lean();

  it("sends nothing when the email is not the order's, and answers the same", async () => {
    const { id, number } = await guestOrder('owner.lookup@example.com');
    const wrong = await lookup(number, 'stranger.lookup@example.com');
    expect(wrong.status).toBe(202);
    expect(wrong.body).toEqual({ ok: true, message: LOOKUP_ANSWER });
    expect(await linksOf(id)).toHaveLength(0);
    expect(await OutboxMessage.countDocuments({ to: 'stranger.lookup@example.com' })).toBe(0);

    // The order's own email, however it is typed, gets the link.
    const right = await lookup(` ${number.toLowerCase()} `, ' Owner.Lookup@Example.com ');
    expect(right.body).toEqual(wrong.body);
    const links = await linksOf(id);
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ to: 'owner.lookup@example.com', subject: `Your order ${number}` });
    expect(links[0]!.text).toContain(`/orders/${id}?t=${id}.`);
  });
});

describe("an account's address book", () => {
  it('shows an unverified account no address from guest orders placed with its email; verified, it does', async () => {
    const email = `unverified.book${Date.now()}@example.com`;
    await guestOrder(email, { ...ADDRESS, line1: '1 Secret Lane' });
    const account = await makeUser({ email, verified: false });
    const book = await callRoute(addressesRoute, '/api/checkout/addresses', { as: account });
    expect(book.status).toBe(200);
    expect(book.body).toEqual({ book: [], fromOrders: [], prefill: null });

    await User.updateOne({ email }, { emailVerified: new Date() });
    const verified = await callRoute(addressesRoute, '/api/checkout/addresses', { as: { ...account, emailVerified: true } });
    expect(verified.body.fromOrders).toEqual([expect.objectContaining({ line1: '1 Secret Lane' })]);
    expect(verified.body.prefill).toMatchObject({ phone: '+44 113 496 0203', address: { line1: '1 Secret Lane' } });
  });
});
