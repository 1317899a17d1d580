import { Types } from 'mongoose';
import { DELETE as cancelRoute } from '@/app/api/order/[id]/route';
import { POST as placeOrderRoute } from '@/app/api/order/route';
import type { UserDTO } from '@/lib/auth/users';
import { refusedHolds, reserveHold } from '@/lib/orders/holds';
import { countedEmail } from '@/lib/orders/order-limits';
import { SOLD_OUT, expireUnpaidOrders } from '@/lib/orders';
import { SOLD_OUT_REFUNDED } from '@/lib/payments';
import { applyStockMove, sumStockMoves } from '@/lib/stock';
import { Order, Part, PaymentIntent, StockHold } from '@/models';
import { callRoute } from '@/tests/helpers/api';
import { makeZone } from '@/tests/helpers/checkout';
import { withEnv } from '@/tests/helpers/env';
import { makePart, makeUser } from '@/tests/helpers/factories';
import { confirmCard, payByCard, reportPayment, shopper, startPayment, tokenOf } from '@/tests/helpers/shopper';

let standard: string;
let customer: UserDTO;
const ADDRESS = { name: 'Hal Holder', line1: '2 Mill Road', city: 'Leeds', postalCode: 'LS2 7HX', country: 'GB' };
const PHONE = '+44 113 496 0300';

beforeAll(async () => {
  ({ standard } = await makeZone({ countries: ['GB'], freeOverCents: 0 }));
  customer = await makeUser({ name: 'Carla Customer' });
});

const stockOf = async (partId: string) => (await Part.findById(partId).lean())!.availableQuantity;
const from = (ip: string) => ({ 'x-forwarded-for': ip });

/** A guest from `ip` whose cart holds these lines, checking out with `email`. */
async function guestCheckout(ip: string, email: string, lines: Array<[string, number]>) {
  const b = shopper(undefined, from(ip));
  for (const [partId, quantity] of lines) expect((await b.add(partId, quantity)).status).toBe(201);
  return b.checkout({ email, address: ADDRESS, phone: PHONE, shippingMethod: standard });
}

describe('counting an email (countedEmail)', () => {
  it.each([
    ['Jo.Smith@Example.com', 'jo.smith@example.com'],
    ['jo.smith+parts@example.com', 'jo.smith@example.com'],
    ['jo+a+b@example.com', 'jo@example.com'],
    ['J.o.S.m.i.t.h+x@GMAIL.com', 'josmith@gmail.com'],
    ['jo.smith@googlemail.com', 'josmith@gmail.com'],
    ['+only@example.com', '+only@example.com'],
    ['  jo@example.com ', 'jo@example.com'],
  ])('%s counts as %s', (email, counted) => {
    expect(countedEmail(email)).toBe(counted);
  });
});

describe('what one client holds unpaid', () => {
  it('holds at most UNPAID_HOLD_UNITS of a part: exactly 10 holds, 11 takes its stock at payment', async () => {
    const partId = await makePart({ price: 5, stock: 100 });
    const ten = await guestCheckout('203.0.113.1', 'ten@example.com', [[partId, 10]]);
    expect(ten.status).toBe(201);
    expect(await stockOf(partId)).toBe(90);
    const eleven = await guestCheckout('203.0.113.2', 'eleven@example.com', [[partId, 11]]);
    expect(eleven.status).toBe(201);
    expect(await stockOf(partId)).toBe(90);
    const stored = await Order.findById(eleven.body.orderId).lean();
    expect(stored).toMatchObject({ stockAtPayment: true, paid: false });
    expect(await StockHold.countDocuments({ orderId: stored!._id })).toBe(0);
  });

  it('holds at most UNPAID_HOLD_LIMIT of goods in all: exactly $1,000 holds, $1,000.01 does not', async () => {
    const [a, b] = [await makePart({ price: 250, stock: 10 }), await makePart({ price: 0.01, stock: 10 })];
    const exact = await guestCheckout('203.0.113.3', 'exact@example.com', [[a, 4]]);
    expect(exact.status).toBe(201);
    expect(await stockOf(a)).toBe(6);
    const over = await guestCheckout('203.0.113.4', 'over@example.com', [
      [a, 4],
      [b, 1],
    ]);
    expect(over.status).toBe(201);
    expect([await stockOf(a), await stockOf(b)]).toEqual([6, 10]);
  });

  it('counts every order of one address, one counted email and one cart together', async () => {
    const partId = await makePart({ price: 5, stock: 100 });
    // One address, two emails: the address holds 6 + 5 units.
    expect((await guestCheckout('203.0.113.5', 'first@example.com', [[partId, 6]])).status).toBe(201);
    expect((await guestCheckout('203.0.113.5', 'second@example.com', [[partId, 5]])).status).toBe(201);
    expect(await stockOf(partId)).toBe(94);
    // One mailbox under two spellings, from two addresses: the email holds 6 + 5.
    expect((await guestCheckout('203.0.113.6', 'Dot.Ted@gmail.com', [[partId, 6]])).status).toBe(201);
    expect((await guestCheckout('203.0.113.7', 'dotted+2@googlemail.com', [[partId, 5]])).status).toBe(201);
    expect(await stockOf(partId)).toBe(88);
    // One cart, filled again and checked out from two addresses with two emails: the cart holds 6 + 5.
    const cart = shopper(undefined, from('203.0.113.20'));
    const checkoutAs = (email: string) => cart.checkout({ email, address: ADDRESS, phone: PHONE, shippingMethod: standard });
    await cart.add(partId, 6);
    expect((await checkoutAs('cart-one@example.com')).status).toBe(201);
    const later = shopper(undefined, { ...from('203.0.113.21'), cookie: cart.cookie()! });
    await later.add(partId, 5);
    expect((await later.checkout({ email: 'cart-two@example.com', address: ADDRESS, phone: PHONE, shippingMethod: standard })).status).toBe(
      201,
    );
    expect(await stockOf(partId)).toBe(82);
    // Other parts are counted on their own.
    const other = await makePart({ price: 5, stock: 10 });
    expect((await guestCheckout('203.0.113.5', 'third@example.com', [[other, 10]])).status).toBe(201);
    expect(await stockOf(other)).toBe(0);
  });

  it('a slot of an order past its time to pay counts for nothing, wherever it stands', async () => {
    const client = { ip: '203.0.113.22', email: 'ended@example.com' };
    const partId = new Types.ObjectId();
    const until = new Date(Date.now() + 60_000);
    const first = (await reserveHold(
      client,
      new Types.ObjectId(),
      [{ partId: new Types.ObjectId(), quantity: 1, unitCents: 100 }],
      until,
    ))!;
    const full = (await reserveHold(client, new Types.ObjectId(), [{ partId, quantity: 10, unitCents: 100 }], until))!;
    expect(full.every((slot) => slot.endsWith('#2'))).toBe(true);
    // The second order's time ends; the first's slot is given back: slot 1 free, slot 2 ended but still there.
    await StockHold.updateMany({ _id: { $in: full } }, { until: new Date(Date.now() - 1) });
    await StockHold.deleteMany({ _id: { $in: first } });
    expect(await reserveHold(client, new Types.ObjectId(), [{ partId, quantity: 1, unitCents: 100 }], until)).not.toBeNull();
  });

  it('a hostile client from one address with ten email variants leaves 90 of 100 for sale; a customer then buys 50', async () => {
    const partId = await makePart({ price: 5, stock: 100 });
    const variants = Array.from({ length: 10 }, (_, i) => (i % 2 ? `hoarder+${i}@example.com` : `Hoard.Er${'.'.repeat(i)}@gmail.com`));
    const answers = await Promise.all(variants.map((email) => guestCheckout('198.51.100.66', email, [[partId, 10]])));
    expect(answers.map((res) => res.status)).toEqual(Array(10).fill(201));
    expect(await stockOf(partId)).toBeGreaterThanOrEqual(90);
    // A customer from elsewhere orders 50 (past their own hold limit: taken at payment) and pays.
    const placed = await callRoute(placeOrderRoute, '/api/order', {
      method: 'POST',
      as: customer,
      headers: from('192.0.2.10'),
      body: { partId, address: '1 Buyer Street, Leeds', phone: PHONE, quantity: 50 },
    });
    expect(placed.status).toBe(201);
    const before = await stockOf(partId);
    const { paid } = await payByCard(placed.body.insertedId, { as: customer });
    expect(paid?.status).toBe(200);
    expect(await stockOf(partId)).toBe(before - 50);
    expect((await sumStockMoves(partId)).total).toBe(before - 50);
  });

  it('a hold ends when its order is paid or cancelled, and counts only until its order must be paid', async () => {
    const partId = await makePart({ price: 5, stock: 100 });
    const first = await guestCheckout('203.0.113.8', 'ends@example.com', [[partId, 10]]);
    expect(await StockHold.countDocuments({ orderId: new Types.ObjectId(first.body.orderId as string) })).toBeGreaterThan(0);
    await payByCard(first.body.orderId, { token: tokenOf(first.body.orderUrl) });
    expect(await StockHold.countDocuments({ orderId: new Types.ObjectId(first.body.orderId as string) })).toBe(0);
    const second = await guestCheckout('203.0.113.8', 'ends@example.com', [[partId, 10]]);
    expect(await stockOf(partId)).toBe(80);
    const cancelled = await callRoute(cancelRoute, '/x', {
      method: 'DELETE',
      origin: null,
      headers: { 'x-order-token': tokenOf(second.body.orderUrl) },
      params: { id: second.body.orderId },
    });
    expect(cancelled.status).toBe(200);
    expect(await stockOf(partId)).toBe(90);
    // A hold past its order's time to pay counts for nothing.
    const third = await guestCheckout('203.0.113.8', 'ends@example.com', [[partId, 10]]);
    await StockHold.updateMany({ orderId: new Types.ObjectId(third.body.orderId as string) }, { until: new Date(Date.now() - 1) });
    expect((await guestCheckout('203.0.113.8', 'ends@example.com', [[partId, 10]])).status).toBe(201);
    expect(await stockOf(partId)).toBe(70);
  });

  it('racing orders of one client never hold more than the limit together', async () => {
    const orderIds = Array.from({ length: 12 }, () => new Types.ObjectId());
    const partId = new Types.ObjectId();
    const client = { ip: '203.0.113.9', email: 'racer@example.com' };
    const until = new Date(Date.now() + 60_000);
    const granted = (
      await Promise.all(orderIds.map((id) => reserveHold(client, id, [{ partId, quantity: 4, unitCents: 100 }], until)))
    ).map((slots) => slots !== null);
    // 4 units each: at most 2 orders (8 units) fit under 10, so one of the 3 order slots stays free
    // (a crowd may well all be refused: never too many).
    await refusedHolds.flush();
    const held = await StockHold.find({ _id: { $regex: '^ip:203\\.0\\.113\\.9#' } }).lean();
    expect(held.map((hold) => String(hold.orderId)).sort()).toEqual(
      orderIds
        .filter((_, i) => granted[i])
        .map(String)
        .sort(),
    );
    expect(held.reduce((sum, hold) => sum + hold.parts[0]!.units, 0)).toBeLessThanOrEqual(10);
    // What the refused ones wrote is gone: the client may still hold up to the limit.
    const room = 10 - held.reduce((sum, hold) => sum + hold.parts[0]!.units, 0);
    expect(await reserveHold(client, new Types.ObjectId(), [{ partId, quantity: room, unitCents: 100 }], until)).not.toBeNull();
    expect(await reserveHold(client, new Types.ObjectId(), [{ partId, quantity: 1, unitCents: 100 }], until)).toBeNull();
  });

  it('holds at most UNPAID_HOLD_ORDERS unpaid orders of one client at once; the slot of an order past its time is taken over', async () => {
    const client = { ip: '203.0.113.16', email: 'slots@example.com' };
    const line = () => [{ partId: new Types.ObjectId(), quantity: 1, unitCents: 100 }];
    const until = new Date(Date.now() + 60_000);
    const held = [];
    for (let i = 0; i < 3; i++) held.push(await reserveHold(client, new Types.ObjectId(), line(), until));
    expect(held.every((slots) => slots?.length === 2)).toBe(true);
    expect(await reserveHold(client, new Types.ObjectId(), line(), until)).toBeNull();
    // The first order's time to pay ends: its slots are free for the next order.
    await StockHold.updateMany({ _id: { $in: held[0]! } }, { until: new Date(Date.now() - 1) });
    expect(await reserveHold(client, new Types.ObjectId(), line(), until)).toEqual(held[0]);
  });

  it('a guest holds for GUEST_HOLD_MINUTES, a verified customer for ORDER_HOLD_MINUTES', async () => {
    const partId = await makePart({ price: 5, stock: 20 });
    await withEnv({ GUEST_HOLD_MINUTES: '7', ORDER_HOLD_MINUTES: '45' }, async () => {
      const started = Date.now();
      const guest = await guestCheckout('203.0.113.10', 'minutes@example.com', [[partId, 1]]);
      const placed = await callRoute(placeOrderRoute, '/api/order', {
        method: 'POST',
        as: customer,
        body: { partId, address: '1 Buyer Street, Leeds', phone: PHONE, quantity: 1 },
      });
      const holdOf = async (id: string) => (await Order.findById(id).lean())!.holdUntil!.getTime() - started;
      expect(await holdOf(guest.body.orderId)).toBeGreaterThanOrEqual(7 * 60_000);
      expect(await holdOf(guest.body.orderId)).toBeLessThan(7 * 60_000 + 5_000);
      expect(await holdOf(placed.body.insertedId)).toBeGreaterThanOrEqual(45 * 60_000);
      expect(await holdOf(placed.body.insertedId)).toBeLessThan(45 * 60_000 + 5_000);
    });
  });
});

describe('an order that takes its stock at payment', () => {
  it('is refused when placed for more than the stock left, as any order is', async () => {
    const partId = await makePart({ price: 5, stock: 13 });
    const place = (quantity: number) =>
      callRoute(placeOrderRoute, '/api/order', {
        method: 'POST',
        as: customer,
        headers: from('203.0.113.15'),
        body: { partId, address: '1 Buyer Street, Leeds', phone: PHONE, quantity },
      });
    expect((await place(14)).status).toBe(409);
    expect(await Order.countDocuments({ partId })).toBe(0);
    expect((await place(13)).status).toBe(201);
    expect(await stockOf(partId)).toBe(13);
  });

  it('is refused before the card when its parts sold out meanwhile, and cancelling it returns nothing', async () => {
    const partId = await makePart({ price: 5, stock: 20 });
    const res = await guestCheckout('203.0.113.11', 'late@example.com', [[partId, 15]]);
    await applyStockMove({ partId, delta: -10, reason: 'edit' });
    const { intent } = await payByCard(res.body.orderId, { token: tokenOf(res.body.orderUrl) });
    expect(intent).toMatchObject({ status: 409, body: { error: SOLD_OUT } });
    const cancelled = await callRoute(cancelRoute, '/x', {
      method: 'DELETE',
      origin: null,
      headers: { 'x-order-token': tokenOf(res.body.orderUrl) },
      params: { id: res.body.orderId },
    });
    expect(cancelled.status).toBe(200);
    expect(await stockOf(partId)).toBe(10);
    expect((await sumStockMoves(partId)).total).toBe(10);
  });

  it('sold out between the card and its confirmation: cancelled, refunded, no stock taken', async () => {
    const [a, b] = [await makePart({ price: 5, stock: 20 }), await makePart({ price: 5, stock: 20 })];
    const res = await guestCheckout('203.0.113.12', 'race@example.com', [
      [a, 12],
      [b, 12],
    ]);
    const payer = { token: tokenOf(res.body.orderUrl) };
    const intent = await startPayment(res.body.orderId, payer);
    const confirmed = await confirmCard(intent.body.clientSecret, payer);
    expect(confirmed.body.status).toBe('succeeded');
    // The second part sells out before the confirmation reaches the shop.
    await applyStockMove({ partId: b, delta: -15, reason: 'edit' });
    const paid = await reportPayment(res.body.orderId, confirmed.body.id, payer);
    expect(paid).toMatchObject({ status: 409, body: { error: SOLD_OUT_REFUNDED } });
    expect(await Order.findById(res.body.orderId).lean()).toMatchObject({ paid: false, cancelledAt: expect.any(Date) });
    expect(await PaymentIntent.countDocuments({ orderId: res.body.orderId, refunded: true })).toBe(1);
    // The first part, taken before the second was found sold out, is back.
    expect([await stockOf(a), await stockOf(b)]).toEqual([20, 5]);
    expect((await sumStockMoves(a)).total).toBe(20);
  });

  it('takes its stock when paid, once, whichever of the page and the webhook comes first', async () => {
    const partId = await makePart({ price: 5, stock: 30 });
    const res = await guestCheckout('203.0.113.14', 'paid@example.com', [[partId, 12]]);
    const payer = { token: tokenOf(res.body.orderUrl) };
    const intent = await startPayment(res.body.orderId, payer);
    const confirmed = await confirmCard(intent.body.clientSecret, payer);
    const twice = await Promise.all([1, 2].map(() => reportPayment(res.body.orderId, confirmed.body.id, payer)));
    expect(twice.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await stockOf(partId)).toBe(18);
    expect((await sumStockMoves(partId)).total).toBe(18);
    expect(await Order.findById(res.body.orderId).lean()).toMatchObject({ paid: true, stockAtPayment: true });
  });

  it('is cancelled at the end of its time to pay like any other', async () => {
    const partId = await makePart({ price: 5, stock: 20 });
    const res = await guestCheckout('203.0.113.13', 'expire@example.com', [[partId, 15]]);
    await Order.updateOne({ _id: res.body.orderId }, { holdUntil: new Date(Date.now() - 1) });
    await expireUnpaidOrders();
    expect(await Order.findById(res.body.orderId).lean()).toMatchObject({ cancelledAt: expect.any(Date) });
    expect(await stockOf(partId)).toBe(20);
  });
});
