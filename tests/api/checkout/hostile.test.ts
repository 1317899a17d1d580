import { POST as addLineRoute } from '@/app/api/cart/lines/route';
import { PATCH as setLineRoute } from '@/app/api/cart/lines/[partId]/route';
import { GET as getCartRoute } from '@/app/api/cart/route';
import { POST as checkoutRoute } from '@/app/api/checkout/route';
import { POST as quoteRoute } from '@/app/api/checkout/quote/route';
import { GET as myOrdersRoute, POST as placeOrderRoute } from '@/app/api/order/route';
import { GET as orderRoute } from '@/app/api/order/[id]/route';
import { CART_COOKIE } from '@/lib/cart/identity';
import { guestOrderToken } from '@/lib/orders/guest-links';
import type { UserDTO } from '@/lib/auth/users';
import { Cart, Order, Part } from '@/models';
import { bearerFor, callRoute, type CallOptions } from '@/tests/helpers/api';
import { makeZone } from '@/tests/helpers/checkout';
import { makePart, makeUser } from '@/tests/helpers/factories';

/** Hostile input at the cart and checkout calls: every one answered 4xx, nothing changed, never a 500. */

let customer: UserDTO;
let method: string;
const ADDRESS = { name: 'Hal Hostile', line1: '1 Mill Road', city: 'Leeds', postalCode: 'LS2 7HX', country: 'GB' };

beforeAll(async () => {
  customer = await makeUser();
  method = (await makeZone({ countries: ['GB'] })).standard;
});

function guest() {
  let cookie: string | null = null;
  return async (handler: Parameters<typeof callRoute>[0], path: string, options: CallOptions = {}) => {
    const res = await callRoute(handler, path, { ...options, headers: { ...(options.headers ?? {}), ...(cookie ? { cookie } : {}) } });
    const set = res.headers.get('set-cookie');
    if (set?.startsWith(`${CART_COOKIE}=`)) cookie = set.split(';')[0]!;
    return res;
  };
}

describe('hostile input at the cart and checkout', () => {
  it('refuses operators, wrong types, huge numbers and huge bodies with 4xx, and stores nothing', async () => {
    const call = guest();
    const part = await makePart({ stock: 5 });
    const bodies: unknown[] = [
      { partId: { $ne: null }, quantity: 1 },
      { partId: part, quantity: { $gt: 0 } },
      { partId: part, quantity: 1e308 },
      { partId: part, quantity: Number.MAX_SAFE_INTEGER },
      { partId: part, quantity: -5 },
      { partId: [part], quantity: 1 },
      { partId: part },
      { __proto__: { quantity: 1 }, partId: part },
      'not json',
      null,
      [],
    ];
    for (const body of bodies) {
      const res = await call(addLineRoute, '/api/cart/lines', { method: 'POST', body });
      expect({ body, status: res.status }).toEqual({ body, status: expect.any(Number) });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const huge = await call(addLineRoute, '/api/cart/lines', {
      method: 'POST',
      rawBody: JSON.stringify({ partId: part, quantity: 1, pad: 'x'.repeat(2_000_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(huge.status).toBe(413);
    for (const partId of ['../../etc', '%00', 'x'.repeat(5000), '{"$gt":""}']) {
      const res = await call(setLineRoute, '/x', { method: 'PATCH', params: { partId }, body: { quantity: 1 } });
      expect(res.status).toBe(404);
    }
    expect(await Cart.countDocuments({ 'lines.partId': part })).toBe(0);
  });

  it('refuses a hostile quote and checkout: codes, addresses, nested objects, without taking stock', async () => {
    const call = guest();
    const part = await makePart({ stock: 5, price: 10 });
    await call(addLineRoute, '/api/cart/lines', { method: 'POST', body: { partId: part, quantity: 2 } });
    const quotes: unknown[] = [
      { country: 'GB', postalCode: 'LS2', discountCode: 'A'.repeat(10_000) },
      { country: 'GB', postalCode: 'LS2', discountCode: { $regex: '.*' } },
      { country: { $in: ['GB'] }, postalCode: 'LS2' },
      { country: 'GB', postalCode: '<script>' },
      { country: 'GB', postalCode: 'x'.repeat(100) },
      { country: 'GB', postalCode: 'LS2', partId: 'nope' },
    ];
    for (const body of quotes) expect((await call(quoteRoute, '/api/checkout/quote', { method: 'POST', body })).status).toBe(400);
    const checkouts: Array<Record<string, unknown>> = [
      { email: 'a@example.com', address: { ...ADDRESS, name: { $ne: '' } }, phone: '0113 496 0000', shippingMethod: method },
      { email: { $regex: '.*' }, address: ADDRESS, phone: '0113 496 0000', shippingMethod: method },
      { email: 'a@example.com', address: ADDRESS, phone: '0113 496 0000', shippingMethod: { $ne: null } },
      { email: 'a@example.com', address: { ...ADDRESS, line1: 'x'.repeat(5000) }, phone: '0113 496 0000', shippingMethod: method },
      { email: 'a@example.com', address: ADDRESS, phone: '0113 496 0000', shippingMethod: method, quotedTotal: 'free' },
      { email: 'a@example.com', address: ADDRESS, phone: '0113 496 0000', shippingMethod: method, quotedTotal: 0.01 },
    ];
    for (const body of checkouts) {
      const res = await call(checkoutRoute, '/api/checkout', { method: 'POST', body });
      expect(res.status === 400 || res.status === 409).toBe(true);
    }
    // The last one only disagreed with the total: 409 with the real quote, and nothing placed.
    expect((await Part.findById(part).lean())!.availableQuantity).toBe(5);
    expect(await Order.countDocuments({ 'lines.partId': part })).toBe(0);
  });

  it("reaches nobody else's cart or order: another guest, a customer's bearer, a token for another order or a customer's order", async () => {
    const part = await makePart({ stock: 10, price: 10 });
    const alice = guest();
    await alice(addLineRoute, '/api/cart/lines', { method: 'POST', body: { partId: part, quantity: 3 } });
    const mallory = guest();
    expect((await mallory(getCartRoute, '/api/cart')).body.count).toBe(0);
    // A bearer token works without an Origin, on the customer's own cart only.
    const bearer = await bearerFor(customer);
    const viaBearer = await callRoute(addLineRoute, '/api/cart/lines', {
      method: 'POST',
      as: { bearer },
      origin: null,
      body: { partId: part, quantity: 1 },
    });
    expect(viaBearer.status).toBe(201);
    expect(viaBearer.body.count).toBe(1);
    // A customer's own order cannot be opened with a guest token made for it (not a guest order).
    const placed = await callRoute(placeOrderRoute, '/api/order', {
      method: 'POST',
      as: customer,
      body: { partId: part, address: '12 Mill Road', phone: '0113 496 0000', quantity: 1 },
    });
    const token = guestOrderToken(placed.body.insertedId, customer.email);
    expect(
      (await callRoute(orderRoute, '/x', { params: { id: placed.body.insertedId }, headers: { 'x-order-token': token } })).status,
    ).toBe(401);
    // An order token is no session: the order list stays closed.
    expect((await callRoute(myOrdersRoute, '/api/order', { headers: { 'x-order-token': token } })).status).toBe(401);
  });

  it('a checkout with a stolen idempotency key is its own caller’s: keys are scoped per cart owner', async () => {
    const part = await makePart({ stock: 10, price: 10 });
    const [one, two] = [guest(), guest()];
    for (const call of [one, two]) await call(addLineRoute, '/api/cart/lines', { method: 'POST', body: { partId: part, quantity: 1 } });
    const body = { email: 'k@example.com', address: ADDRESS, phone: '0113 496 0000', shippingMethod: method };
    const first = await one(checkoutRoute, '/api/checkout', { method: 'POST', body, headers: { 'idempotency-key': 'same-key' } });
    const second = await two(checkoutRoute, '/api/checkout', { method: 'POST', body, headers: { 'idempotency-key': 'same-key' } });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.orderId).not.toBe(first.body.orderId);
  });
});
