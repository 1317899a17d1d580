import { GET as allOrdersRoute } from '@/app/api/allOrder/route';
import { DELETE as cancelRoute, GET as getOrderRoute, PUT as shipRoute } from '@/app/api/order/[id]/route';
import { GET as listOrdersRoute, POST as placeOrderRoute } from '@/app/api/order/route';
import { markOrderPaid } from '@/lib/orders';
import { STOCK_BUSY, sumStockMoves } from '@/lib/stock';
import { takeLines, writeIntent } from '@/lib/orders/placement';
import { ServiceUnavailableError } from '@/lib/core/errors';
import { TOO_MANY_ORDERS } from '@/lib/orders/order-limits';
import { Types } from 'mongoose';
import type { UserDTO } from '@/lib/auth/users';
import { Order, OrderIntent, OrderOutcome, Part, StockHold, StockMove } from '@/models';
import { callRoute } from '@/tests/helpers/api';
import { withEnv } from '@/tests/helpers/env';
import { asActor, makePart, makeUser, newObjectId } from '@/tests/helpers/factories';

const CONTACT = { address: '12 Mill Road, Leeds', phone: '+44 113 496 0200' };
const stockOf = async (partId: string) => (await Part.findById(partId).lean())!.availableQuantity;

let customer: UserDTO;
let other: UserDTO;
let admin: UserDTO;

beforeAll(async () => {
  customer = await makeUser({ name: 'Casey Customer' });
  other = await makeUser({ name: 'Olly Other' });
  admin = await makeUser({ name: 'Ada Admin', admin: true });
});

// Each test is a scenario of its own: what earlier tests' unpaid orders hold does not carry over.
beforeEach(() => StockHold.deleteMany({}));

const order = (as: UserDTO | null, body: Record<string, unknown>) => callRoute(placeOrderRoute, '/api/order', { method: 'POST', body, as });

async function paidOrder(partId: string, as: UserDTO) {
  const placed = await order(as, { partId, ...CONTACT, quantity: 1 });
  const id = placed.body.insertedId as string;
  await markOrderPaid(asActor(as), id, `pi_test_${id}`, async (payable) => ({
    intentId: `pi_test_${id}`,
    amountCents: payable.totalCents,
  }));
  return id;
}

describe('POST /api/order', () => {
  it('answers 401 to a visitor and 403 to an admin, and takes no stock', async () => {
    const partId = await makePart({ stock: 5 });
    expect((await order(null, { partId, ...CONTACT, quantity: 1 })).status).toBe(401);
    const byAdmin = await order(admin, { partId, ...CONTACT, quantity: 1 });
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body.error).toBe("admin can't purchase");
    expect(await stockOf(partId)).toBe(5);
    expect(await Order.countDocuments({ partId })).toBe(0);
  });

  it('stores an unpaid pending order with price and part name from the database, name and email from the session', async () => {
    const partId = await makePart({ name: 'Brake caliper', price: 64.25, stock: 10, minimumQuantity: 2 });
    const res = await order(customer, {
      partId,
      ...CONTACT,
      quantity: 3,
      price: 0.01,
      partName: 'Free stuff',
      name: 'Mallory',
      email: 'mallory@example.com',
      paid: true,
      status: 'shipped',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ acknowledged: true, insertedId: expect.stringMatching(/^[a-f\d]{24}$/), availableQuantity: 7 });
    const stored = await Order.findById(res.body.insertedId).lean();
    expect(stored).toMatchObject({
      partName: 'Brake caliper',
      price: 64.25,
      name: 'Casey Customer',
      email: customer.email,
      quantity: 3,
      paid: false,
      status: 'pending',
      ...CONTACT,
    });
    expect(stored?.transactionId).toBeUndefined();
    expect(await stockOf(partId)).toBe(7);
    const move = await StockMove.findOne({ orderId: stored!._id }).lean();
    expect(move).toMatchObject({ reason: 'order', delta: -3, after: 7, by: customer.email });
  });

  it.each([
    [{ address: '' }, 'address', 'Address is Required'],
    [{ address: 'short' }, 'address', 'Minimum 6 Character'],
    [{ phone: '' }, 'phone', 'Number is Required'],
    [{ phone: '12345' }, 'phone', 'Minimum 6 Character'],
    [{ quantity: undefined }, 'quantity', 'Quantity is Required'],
    [{ quantity: '5' }, 'quantity', 'Quantity is Required'],
    [{ quantity: 2.5 }, 'quantity', 'Order whole pieces'],
    [{ quantity: { $gt: 0 } }, 'quantity', 'Quantity is Required'],
    [{ partId: 'nope' }, 'partId', 'Not found'],
  ])('refuses %j with a 400 and the message, storing nothing', async (change, field, message) => {
    const partId = await makePart({ stock: 10 });
    const res = await order(customer, { partId, ...CONTACT, quantity: 2, ...change });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors[field]).toContain(message);
    expect(await stockOf(partId)).toBe(10);
    expect(await Order.countDocuments({ partId })).toBe(0);
  });

  it("refuses less than the part's minimum with 'Please Order minimum n pieces'", async () => {
    const partId = await makePart({ stock: 20, minimumQuantity: 4 });
    const res = await order(customer, { partId, ...CONTACT, quantity: 3 });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Please Order minimum 4 pieces');
    expect(await stockOf(partId)).toBe(20);
  });

  it("refuses more than the stock with the spec's message (409) and makes no order", async () => {
    const partId = await makePart({ stock: 3 });
    const res = await order(customer, { partId, ...CONTACT, quantity: 4 });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('Sorry! please order lower or equal of available pieces');
    expect(await stockOf(partId)).toBe(3);
    expect(await Order.countDocuments({ partId })).toBe(0);
    expect((await sumStockMoves(partId)).total).toBe(3);
  });

  it('answers 404 for an unknown part', async () => {
    const res = await order(customer, { partId: newObjectId(), ...CONTACT, quantity: 1 });
    expect(res.status).toBe(404);
  });

  it('returns the stock with a compensating move when the order cannot be stored', async () => {
    const partId = await makePart({ stock: 6 });
    const spy = jest.spyOn(Order, 'create').mockRejectedValueOnce(new Error('write failed'));
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await order(customer, { partId, ...CONTACT, quantity: 2 });
      expect(res.status).toBe(500);
    } finally {
      spy.mockRestore();
      consoleError.mockRestore();
    }
    expect(await stockOf(partId)).toBe(6);
    expect(await Order.countDocuments({ partId })).toBe(0);
    const moves = await StockMove.find({ partId }).sort({ seq: 1 }).lean();
    expect(moves.map((m) => [m.reason, m.delta])).toEqual([
      ['seed', 6],
      ['order', -2],
      ['cancel', 2],
    ]);
  });

  it('a placement still taking stock at its deadline gives every line back (503), before the reconciliation could', async () => {
    const [first, second] = [await makePart({ stock: 5 }), await makePart({ stock: 5 })];
    const orderId = new Types.ObjectId();
    const lines = [
      { partId: new Types.ObjectId(first), quantity: 2 },
      { partId: new Types.ObjectId(second), quantity: 1 },
    ];
    await writeIntent(orderId, lines, customer.email);
    // The deadline passed while the lines were taken (a placement stuck for half the intent's grace).
    const taking = takeLines(orderId, lines, customer.email, { deadline: Date.now() - 1 });
    await expect(taking).rejects.toBeInstanceOf(ServiceUnavailableError);
    await expect(taking).rejects.toThrow(STOCK_BUSY);
    for (const partId of [first, second]) {
      expect(await stockOf(partId)).toBe(5);
      expect((await sumStockMoves(partId)).total).toBe(5);
    }
    // The intent is its placement's to remove (the steps of lib/orders/placement undo it last).
    expect(await OrderIntent.exists({ _id: orderId })).not.toBeNull();
  });

  it('50 concurrent orders against a stock of 10: exactly 10 orders, the stock ends at 0 and never below', async () => {
    const partId = await makePart({ stock: 10 });
    const buyers = [customer, other];
    // No hold limits here (each buyer holds 25 orders): the ledger's race, not the hold limits.
    const results = await withEnv({ UNPAID_HOLD_ORDERS: '0' }, () =>
      Promise.all(Array.from({ length: 50 }, (_, i) => order(buyers[i % 2]!, { partId, ...CONTACT, quantity: 1 }))),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    expect(await Order.countDocuments({ partId })).toBe(10);
    expect(await stockOf(partId)).toBe(0);
    expect((await sumStockMoves(partId)).total).toBe(0);
    const moves = await StockMove.find({ partId }).lean();
    expect(moves.every((move) => move.after >= 0)).toBe(true);
  });

  it('an account whose email is not verified orders under the guest limits; a refused order counts nothing', async () => {
    // Six accounts' orders from one address: the guest limits, not the hold limits (each held here).
    await withEnv({ GUEST_ORDERS_PER_EMAIL_PER_HOUR: '2', GUEST_ORDERS_PER_ADDRESS_PER_HOUR: '3', UNPAID_HOLD_ORDERS: '0' }, async () => {
      const partId = await makePart({ stock: 50, minimumQuantity: 1 });
      const from = (ip: string) => ({ 'x-forwarded-for': ip });
      const place = (as: UserDTO, ip: string, quantity = 1) =>
        callRoute(placeOrderRoute, '/api/order', { method: 'POST', body: { partId, ...CONTACT, quantity }, as, headers: from(ip) });
      // Anybody can register anybody's address: each order would mail that address.
      const stranger = await makeUser({ verified: false });
      expect((await place(stranger, '198.51.100.41')).status).toBe(201);
      // Refused for its own reason (over the stock): it gives its place back.
      expect((await place(stranger, '198.51.100.41', 51)).status).toBe(409);
      expect((await place(stranger, '198.51.100.42')).status).toBe(201);
      const perEmail = await place(stranger, '198.51.100.43');
      expect(perEmail).toMatchObject({ status: 429, body: { error: TOO_MANY_ORDERS } });
      expect(Number(perEmail.headers.get('retry-after'))).toBeGreaterThan(0);
      // Per address: other unverified accounts from the first one's address fill its 3 places.
      const another = await makeUser({ verified: false });
      const third = await makeUser({ verified: false });
      expect((await place(another, '198.51.100.41')).status).toBe(201);
      expect((await place(third, '198.51.100.41')).status).toBe(201);
      expect((await place(third, '198.51.100.41')).status).toBe(429);
      expect((await place(third, '198.51.100.44')).status).toBe(201);
      // A verified customer answers for their own orders: no guest limit, from that address too.
      for (let i = 0; i < 3; i++) expect((await place(customer, '198.51.100.41')).status).toBe(201);
      expect(await Order.countDocuments({ partId, email: stranger.email })).toBe(2);
      expect(await Order.countDocuments({ partId })).toBe(8);
      expect(await stockOf(partId)).toBe(42);
    });
  });
});

describe('reading orders', () => {
  let partId: string;
  let mine: string[];

  beforeAll(async () => {
    partId = await makePart({ stock: 100 });
    mine = [];
    for (let i = 0; i < 3; i++) mine.push((await order(customer, { partId, ...CONTACT, quantity: 1 })).body.insertedId);
    await order(other, { partId, ...CONTACT, quantity: 1 });
  });

  it('GET /api/order?email= lists the own orders newest first; another email is 403; an admin may ask for anyone', async () => {
    expect((await callRoute(listOrdersRoute, `/api/order?email=${customer.email}`)).status).toBe(401);
    const own = await callRoute(listOrdersRoute, `/api/order?email=${customer.email}`, { as: customer });
    expect(own.status).toBe(200);
    const ids = own.body.map((o: { _id: string }) => o._id);
    expect(ids.slice(0, 3)).toEqual([...mine].reverse());
    expect(own.body.every((o: { email: string }) => o.email === customer.email)).toBe(true);
    expect(own.body[0]).toMatchObject({ total: 19.99, paid: false, status: 'pending', transactionId: null });

    expect((await callRoute(listOrdersRoute, `/api/order?email=${other.email}`, { as: customer })).status).toBe(403);
    const byAdmin = await callRoute(listOrdersRoute, `/api/order?email=${customer.email}`, { as: admin });
    expect(byAdmin.body.map((o: { _id: string }) => o._id)).toEqual(ids);
  });

  it("GET /api/order with no email or a blank one lists the caller's own orders (not a 403)", async () => {
    const own = (await callRoute(listOrdersRoute, `/api/order?email=${customer.email}`, { as: customer })).body;
    for (const url of ['/api/order', '/api/order?email=', '/api/order?email=%20%20']) {
      const res = await callRoute(listOrdersRoute, url, { as: customer });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(own);
    }
    const adminOwn = await callRoute(listOrdersRoute, '/api/order?email=', { as: admin });
    expect(adminOwn.status).toBe(200);
    expect(adminOwn.body.every((o: { email: string }) => o.email === admin.email)).toBe(true);
  });

  it('GET /api/order/{id}: the owner and an admin see it, another customer gets 404', async () => {
    const id = mine[0]!;
    expect((await callRoute(getOrderRoute, `/api/order/${id}`, { params: { id } })).status).toBe(401);
    const own = await callRoute(getOrderRoute, `/api/order/${id}`, { params: { id }, as: customer });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ _id: id, price: 19.99, quantity: 1, name: 'Casey Customer', email: customer.email });
    expect((await callRoute(getOrderRoute, `/api/order/${id}`, { params: { id }, as: other })).status).toBe(404);
    expect((await callRoute(getOrderRoute, `/api/order/${id}`, { params: { id }, as: admin })).status).toBe(200);
    expect((await callRoute(getOrderRoute, '/api/order/zzz', { params: { id: 'zzz' }, as: customer })).status).toBe(404);
  });

  it('GET /api/allOrder: every order newest first, for admins only', async () => {
    expect((await callRoute(allOrdersRoute, '/api/allOrder')).status).toBe(401);
    expect((await callRoute(allOrdersRoute, '/api/allOrder', { as: customer })).status).toBe(403);
    const res = await callRoute(allOrdersRoute, '/api/allOrder', { as: admin });
    expect(res.status).toBe(200);
    const times = res.body.map((o: { createdAt: string }) => Date.parse(o.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(res.body.map((o: { email: string }) => o.email)).toEqual(expect.arrayContaining([customer.email, other.email]));
  });
});

describe('DELETE /api/order/{id}: cancel', () => {
  const cancel = (id: string, as: UserDTO | null) => callRoute(cancelRoute, `/api/order/${id}`, { method: 'DELETE', params: { id }, as });

  it('cancels the own unpaid order, returns its quantity once through a cancel move, and keeps it as cancelled', async () => {
    const partId = await makePart({ stock: 10 });
    const id = (await order(customer, { partId, ...CONTACT, quantity: 4 })).body.insertedId;
    expect(await stockOf(partId)).toBe(6);
    expect((await cancel(id, null)).status).toBe(401);
    expect((await cancel(id, other)).status).toBe(404);
    expect(await stockOf(partId)).toBe(6);

    const res = await cancel(id, customer);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ acknowledged: true, deletedCount: 1 });
    expect(await Order.findById(id).lean()).toMatchObject({ paid: false, cancelledBy: 'customer' });
    expect(await stockOf(partId)).toBe(10);
    expect(await StockMove.findOne({ orderId: id, reason: 'cancel' }).lean()).toMatchObject({ delta: 4, by: customer.email });
    expect((await OrderOutcome.findOne({ orderId: id }).lean())?.outcome).toBe('cancelled');
    const again = await cancel(id, customer);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('This order was cancelled');
    expect(await StockMove.countDocuments({ orderId: id, reason: 'cancel' })).toBe(1);
  });

  it('returns the stock once when two cancels race', async () => {
    const partId = await makePart({ stock: 10 });
    const id = (await order(customer, { partId, ...CONTACT, quantity: 3 })).body.insertedId;
    const results = await Promise.all([cancel(id, customer), cancel(id, customer)]);
    for (const res of results) expect([200, 409]).toContain(res.status);
    expect(results.filter((r) => r.status === 200 && r.body.deletedCount === 1)).toHaveLength(1);
    expect(await stockOf(partId)).toBe(10);
    expect(await StockMove.countDocuments({ orderId: id, reason: 'cancel' })).toBe(1);
    expect((await sumStockMoves(partId)).total).toBe(10);
  });

  it('refuses to cancel a paid order (409) and changes nothing', async () => {
    const partId = await makePart({ stock: 5 });
    const id = await paidOrder(partId, customer);
    const res = await cancel(id, customer);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('A paid order cannot be cancelled');
    expect(await Order.exists({ _id: id })).not.toBeNull();
    expect(await stockOf(partId)).toBe(4);
  });

  it('lets an admin cancel any unpaid order', async () => {
    const partId = await makePart({ stock: 5 });
    const id = (await order(other, { partId, ...CONTACT, quantity: 2 })).body.insertedId;
    const res = await cancel(id, admin);
    expect(res.status).toBe(200);
    expect(await stockOf(partId)).toBe(5);
  });
});

describe('PUT /api/order/{id}: ship', () => {
  const ship = (id: string, as: UserDTO | null, body: unknown = { pending: 'shipped' }) =>
    callRoute(shipRoute, `/api/order/${id}`, { method: 'PUT', params: { id }, as, body });

  it('ships a paid order once, for admins only', async () => {
    const partId = await makePart({ stock: 5 });
    const id = await paidOrder(partId, customer);
    expect((await ship(id, null)).status).toBe(401);
    expect((await ship(id, customer)).status).toBe(403);
    expect((await ship(id, admin, { pending: 'arrived' })).status).toBe(400);
    // Delivered comes after shipping, never instead of it.
    expect((await ship(id, admin, { pending: 'delivered' })).status).toBe(409);

    const res = await ship(id, admin);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ acknowledged: true, modifiedCount: 1 });
    const stored = await Order.findById(id).lean();
    expect(stored?.status).toBe('shipped');
    expect(stored?.shippedAt).toBeInstanceOf(Date);
    expect((await ship(id, admin)).body.modifiedCount).toBe(0);
  });

  it('refuses to ship an unpaid order (409)', async () => {
    const partId = await makePart({ stock: 5 });
    const id = (await order(customer, { partId, ...CONTACT, quantity: 1 })).body.insertedId;
    const res = await ship(id, admin);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('An unpaid order cannot be shipped');
    expect((await Order.findById(id).lean())?.status).toBe('pending');
  });

  it('answers 404 for an unknown order', async () => {
    expect((await ship(newObjectId(), admin)).status).toBe(404);
  });
});
