import { Types } from 'mongoose';
import { POST as placeOrderRoute } from '@/app/api/order/route';
import type { UserDTO } from '@/lib/auth/users';
import { IN_PROGRESS, KEY_REUSED } from '@/lib/orders/idempotency';
import { reconcileOrderIntents, storedIntents } from '@/lib/orders';
import { sumStockMoves } from '@/lib/stock';
import { IdempotentRequest, Order, OrderIntent, OrderOutcome, OutboxMessage, Part, StockHold } from '@/models';
import { callRoute } from '@/tests/helpers/api';
import { makeZone } from '@/tests/helpers/checkout';
import { makePart, makeUser } from '@/tests/helpers/factories';
import { shopper } from '@/tests/helpers/shopper';

let customer: UserDTO;
let standard: string;
const CONTACT = { address: '7 Key Lane, Leeds', phone: '+44 113 496 0400' };
const ADDRESS = { name: 'Kim Key', line1: '7 Key Lane', city: 'Leeds', postalCode: 'LS2 7HX', country: 'GB' };

beforeAll(async () => {
  customer = await makeUser({ name: 'Kim Key' });
  ({ standard } = await makeZone({ countries: ['GB'] }));
});

// Each test is a scenario of its own: what earlier tests' unpaid orders hold does not carry over.
beforeEach(() => StockHold.deleteMany({}));

const stockOf = async (partId: string) => (await Part.findById(partId).lean())!.availableQuantity;
const order = (body: Record<string, unknown>, key?: string) =>
  callRoute(placeOrderRoute, '/api/order', { method: 'POST', body, as: customer, headers: key ? { 'idempotency-key': key } : {} });
/** A driver error as the driver names it: the connection failed mid-request. */
const networkError = () => Object.assign(new Error('connection reset by peer'), { name: 'MongoNetworkError' });

/** The attempt a request with this key left, made to look as if its process died while it ran. */
async function dieWhileRunning(orderId: string): Promise<void> {
  await IdempotentRequest.updateOne(
    { resourceId: new Types.ObjectId(orderId) },
    { $set: { state: 'running', aliveUntil: new Date(Date.now() - 1) }, $unset: { status: '', body: '' } },
  );
}

describe('an Idempotency-Key belongs to one request', () => {
  it('answers the same body (whatever the order of its fields) with the first answer, and another body with 422', async () => {
    const partId = await makePart({ stock: 10 });
    const first = await order({ partId, ...CONTACT, quantity: 2 }, 'one-body');
    const reordered = await order({ quantity: 2, phone: CONTACT.phone, address: CONTACT.address, partId }, 'one-body');
    expect(reordered).toMatchObject({ status: 201, body: first.body });
    const other = await order({ partId, ...CONTACT, quantity: 3 }, 'one-body');
    expect(other).toMatchObject({ status: 422, body: { error: KEY_REUSED } });
    expect(await Order.countDocuments({ partId })).toBe(1);
    expect(await stockOf(partId)).toBe(8);
  });

  it('is kept per checkout too: the same cart and key, another address, is 422 and places nothing', async () => {
    const partId = await makePart({ price: 12, stock: 10 });
    const b = shopper();
    await b.add(partId, 1);
    const body = { email: 'kim@example.com', address: ADDRESS, phone: CONTACT.phone, shippingMethod: standard };
    expect((await b.checkout(body, 'checkout-key')).status).toBe(201);
    await b.add(partId, 1);
    const other = await b.checkout({ ...body, address: { ...ADDRESS, line1: '8 Key Lane' } }, 'checkout-key');
    expect(other).toMatchObject({ status: 422, body: { error: KEY_REUSED } });
    expect(await Order.countDocuments({ partId })).toBe(1);
  });
});

describe('an answer is given once the outcome is known', () => {
  it('an order stored although the insert reported a network error is answered 201, once', async () => {
    const partId = await makePart({ stock: 5 });
    const original = Order.create.bind(Order);
    const create = jest.spyOn(Order, 'create').mockImplementationOnce((async (doc: never) => {
      await original(doc);
      throw networkError();
    }) as never);
    const res = await order({ partId, ...CONTACT, quantity: 2 }, 'lost-reply');
    create.mockRestore();
    expect(res.status).toBe(201);
    expect(await Order.exists({ _id: res.body.insertedId })).not.toBeNull();
    expect(await stockOf(partId)).toBe(3);
    expect((await sumStockMoves(partId)).total).toBe(3);
  });

  it('an insert that failed and was not stored is answered with the error, its stock back and its id fenced', async () => {
    const partId = await makePart({ stock: 5 });
    const create = jest.spyOn(Order, 'create').mockRejectedValueOnce(networkError());
    const res = await order({ partId, ...CONTACT, quantity: 2 });
    create.mockRestore();
    expect(res.status).toBe(503);
    expect(await Order.countDocuments({ partId })).toBe(0);
    expect(await stockOf(partId)).toBe(5);
    expect(await OrderOutcome.countDocuments({ outcome: 'cancelled', by: 'abandoned' })).toBeGreaterThanOrEqual(1);
  });

  it('a stored order whose email could not be queued is still answered 201', async () => {
    const partId = await makePart({ stock: 5 });
    const queue = jest.spyOn(OutboxMessage, 'create').mockRejectedValueOnce(networkError());
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await order({ partId, ...CONTACT, quantity: 1 }, 'no-mail');
    queue.mockRestore();
    error.mockRestore();
    expect(res.status).toBe(201);
    expect(await Order.countDocuments({ partId })).toBe(1);
  });
});

describe('a key whose request died is settled, never stuck', () => {
  it('its order stored: a repeat answers 201 with that order, and places no other', async () => {
    const partId = await makePart({ stock: 5 });
    const first = await order({ partId, ...CONTACT, quantity: 1 }, 'died-after-store');
    await dieWhileRunning(first.body.insertedId);
    const again = await order({ partId, ...CONTACT, quantity: 1 }, 'died-after-store');
    expect(again).toMatchObject({ status: 201, body: { insertedId: first.body.insertedId, number: first.body.number } });
    expect(await Order.countDocuments({ partId })).toBe(1);
    expect(await stockOf(partId)).toBe(4);
  });

  it('its order never stored: a repeat gives the stock back and places it again, once', async () => {
    const partId = await makePart({ stock: 5 });
    const first = await order({ partId, ...CONTACT, quantity: 2 }, 'died-before-store');
    // As if the process died after taking the stock, before storing the order.
    await storedIntents.flush();
    const lost = await Order.findByIdAndDelete(first.body.insertedId).lean();
    await OrderIntent.create({ _id: lost!._id, partId: lost!.partId, quantity: 2, by: customer.email });
    await dieWhileRunning(first.body.insertedId);
    expect(await stockOf(partId)).toBe(3);
    const again = await order({ partId, ...CONTACT, quantity: 2 }, 'died-before-store');
    expect(again.status).toBe(201);
    expect(again.body.insertedId).not.toBe(first.body.insertedId);
    expect(await Order.countDocuments({ partId })).toBe(1);
    expect(await stockOf(partId)).toBe(3);
    expect((await sumStockMoves(partId)).total).toBe(3);
    // The dead attempt's id is fenced: an insert of it arriving late would be born cancelled.
    expect(await OrderOutcome.findOne({ orderId: lost!._id }).lean()).toMatchObject({ outcome: 'cancelled' });
  });

  it('without a repeat, the intents reconciliation gives its stock back; a late repeat places it again', async () => {
    const partId = await makePart({ stock: 5 });
    const first = await order({ partId, ...CONTACT, quantity: 2 }, 'settled-by-job');
    await storedIntents.flush();
    const lost = await Order.findByIdAndDelete(first.body.insertedId).lean();
    await OrderIntent.create({ _id: lost!._id, partId: lost!.partId, quantity: 2, by: customer.email, at: new Date(Date.now() - 120_000) });
    await dieWhileRunning(first.body.insertedId);
    expect((await reconcileOrderIntents()).returned).toBe(1);
    expect(await stockOf(partId)).toBe(5);
    expect(await OrderIntent.exists({ _id: lost!._id })).toBeNull();
    const again = await order({ partId, ...CONTACT, quantity: 2 }, 'settled-by-job');
    expect(again.status).toBe(201);
    expect(await IdempotentRequest.findOne({ resourceId: lost!._id }).lean()).toMatchObject({ state: 'failed' });
    expect(await stockOf(partId)).toBe(3);
    expect(await Order.countDocuments({ partId })).toBe(1);
  });

  it('a repeat while the first still runs waits for its answer rather than failing', async () => {
    const partId = await makePart({ stock: 5 });
    const original = Order.create.bind(Order);
    // The first attempt is slow to store its order.
    const create = jest.spyOn(Order, 'create').mockImplementationOnce((async (doc: never) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      return original(doc);
    }) as never);
    const first = order({ partId, ...CONTACT, quantity: 1 }, 'slow');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const again = await order({ partId, ...CONTACT, quantity: 1 }, 'slow');
    create.mockRestore();
    expect(again.status).toBe(201);
    expect(again.body).toEqual((await first).body);
    expect(await Order.countDocuments({ partId })).toBe(1);
    expect(IN_PROGRESS).toMatch(/still being processed/);
  });
});
