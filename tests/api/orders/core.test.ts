import mongoose, { Types } from 'mongoose';
import { GET as getOrderRoute } from '@/app/api/order/[id]/route';
import { POST as placeOrderRoute } from '@/app/api/order/route';
import { IN_PROGRESS } from '@/lib/orders/idempotency';
import { orderEmailReconciliation, reconcileOrderIntents, storedIntents } from '@/lib/orders';
import { applyStockMove, sumStockMoves } from '@/lib/stock';
import type { UserDTO } from '@/lib/auth/users';
import { JobMark, Order, OrderIntent, OutboxDue, OutboxMessage, Part, StockHold, StockMove, User } from '@/models';
import { callRoute } from '@/tests/helpers/api';
import { withEnv } from '@/tests/helpers/env';
import { makePart, makeUser } from '@/tests/helpers/factories';

const CONTACT = { address: '12 Mill Road, Leeds', phone: '+44 113 496 0200' };
const stockOf = async (partId: string) => (await Part.findById(partId).lean())!.availableQuantity;

let customer: UserDTO;
let other: UserDTO;

beforeAll(async () => {
  customer = await makeUser({ name: 'Casey Core' });
  other = await makeUser({ name: 'Olly Core' });
});

// Each test is a scenario of its own: what earlier tests' unpaid orders hold does not carry over.
beforeEach(() => StockHold.deleteMany({}));

const order = (as: UserDTO, body: Record<string, unknown>, headers: Record<string, string> = {}, signal?: AbortSignal) =>
  callRoute(placeOrderRoute, '/api/order', { method: 'POST', body, as, headers, signal });

describe('POST /api/order with an Idempotency-Key', () => {
  it('answers a repeat with the first answer and stores one order', async () => {
    const partId = await makePart({ stock: 10 });
    const body = { partId, ...CONTACT, quantity: 2 };
    const first = await order(customer, body, { 'idempotency-key': 'submit-1' });
    const again = await order(customer, body, { 'idempotency-key': 'submit-1' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await Order.countDocuments({ partId })).toBe(1);
    expect(await stockOf(partId)).toBe(8);
  });

  it('runs racing repeats once: one order, the other answer is the first or "in progress"', async () => {
    const partId = await makePart({ stock: 10 });
    const body = { partId, ...CONTACT, quantity: 1 };
    const answers = await Promise.all(Array.from({ length: 5 }, () => order(customer, body, { 'idempotency-key': 'double-click' })));
    expect(await Order.countDocuments({ partId })).toBe(1);
    expect(await stockOf(partId)).toBe(9);
    const created = answers.filter((res) => res.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const res of created) expect(res.body.insertedId).toBe(created[0]!.body.insertedId);
    for (const res of answers.filter((res) => res.status !== 201)) expect(res).toMatchObject({ status: 409, body: { error: IN_PROGRESS } });
  });

  it('keeps keys apart per customer, and gives a refusal again for its key', async () => {
    const partId = await makePart({ stock: 3 });
    expect((await order(customer, { partId, ...CONTACT, quantity: 2 }, { 'idempotency-key': 'k' })).status).toBe(201);
    expect((await order(other, { partId, ...CONTACT, quantity: 1 }, { 'idempotency-key': 'k' })).status).toBe(201);
    const refused = await order(customer, { partId, ...CONTACT, quantity: 5 }, { 'idempotency-key': 'too-many' });
    expect(refused).toMatchObject({ status: 409, body: { error: 'Sorry! please order lower or equal of available pieces' } });
    await applyStockMove({ partId, delta: 10, reason: 'restock', by: 'admin@example.com' });
    // The same submission retried after a restock still gets its first answer: no order.
    const retried = await order(customer, { partId, ...CONTACT, quantity: 5 }, { 'idempotency-key': 'too-many' });
    expect(retried).toMatchObject({ status: 409, body: { error: 'Sorry! please order lower or equal of available pieces' } });
    expect(await Order.countDocuments({ partId })).toBe(2);
  });

  it('keeps no passing refusal: a retry with the key after a 429 (a limit) or a 499 (the client left) is placed', async () => {
    const partId = await makePart({ stock: 5 });
    const body = { partId, ...CONTACT, quantity: 1 };
    const gone = await order(customer, body, { 'idempotency-key': 'left-early' }, AbortSignal.abort());
    expect(gone.status).toBe(499);
    expect((await order(customer, body, { 'idempotency-key': 'left-early' })).status).toBe(201);

    // An unverified account at the guest limit (once per email here), verified afterwards.
    await withEnv({ GUEST_ORDERS_PER_EMAIL_PER_HOUR: '1' }, async () => {
      const newcomer = await makeUser({ verified: false });
      expect((await order(newcomer, body, { 'idempotency-key': 'first' })).status).toBe(201);
      const limited = await order(newcomer, body, { 'idempotency-key': 'wait-and-retry' });
      expect(limited.status).toBe(429);
      const verified = { ...newcomer, emailVerified: true };
      await User.updateOne({ email: newcomer.email }, { $set: { emailVerified: new Date() } });
      const retried = await order(verified, body, { 'idempotency-key': 'wait-and-retry' });
      expect(retried.status).toBe(201);
      expect(await Order.countDocuments({ partId, email: newcomer.email })).toBe(2);
    });
    expect(await stockOf(partId)).toBe(2);
  });

  it('refuses a malformed key with 400 and stores nothing', async () => {
    const partId = await makePart({ stock: 3 });
    for (const key of ['', 'a'.repeat(201), 'with space', 'tab\there']) {
      const res = await order(customer, { partId, ...CONTACT, quantity: 1 }, { 'idempotency-key': key });
      expect(res).toMatchObject({ status: 400, body: { error: 'Idempotency-Key must be 1 to 200 visible characters' } });
    }
    expect(await Order.countDocuments({ partId })).toBe(0);
    expect(await stockOf(partId)).toBe(3);
  });
});

describe('a client that went away', () => {
  it('takes no stock and stores no order when the request was aborted before its turn', async () => {
    const partId = await makePart({ stock: 4 });
    const res = await order(customer, { partId, ...CONTACT, quantity: 1 }, {}, AbortSignal.abort());
    expect(res.status).toBe(499);
    expect(await Order.countDocuments({ partId })).toBe(0);
    expect(await stockOf(partId)).toBe(4);
    expect(await OrderIntent.countDocuments({ partId })).toBe(0);
  });
});

describe('the work of one order', () => {
  it('reads the user and the part, writes the intent, the hold, move, pair, order and email, and clears intents in a batch', async () => {
    const partId = await makePart({ stock: 5 });
    // The first order of a process may also reserve a block of order numbers; a second client's first order shows the steady state.
    expect((await order(customer, { partId, ...CONTACT, quantity: 1 })).status).toBe(201);
    await storedIntents.flush();
    const newcomer = await makeUser({ name: 'Nina New' });
    const ops: string[] = [];
    mongoose.set('debug', (collection: string, method: string) => void ops.push(`${collection}.${method}`));
    try {
      const res = await order(newcomer, { partId, ...CONTACT, quantity: 1 });
      expect(res.status).toBe(201);
      // The batch's window may close while the email is being queued, or at the flush.
      await storedIntents.flush();
      const clears = ops.filter((op) => op === 'orderintents.deleteMany');
      expect(clears).toHaveLength(1);
      expect(ops.filter((op) => op !== 'orderintents.deleteMany')).toEqual([
        'users.findOne',
        // Its price, for the order's size and the client's hold; its turn reads it again.
        'parts.findOne',
        'orderintents.insertOne',
        // The hold: its slot taken under the one key a request without an address has (the email), then
        // every slot of that key read by _id (UNPAID_HOLD_ORDERS of them).
        'stockholds.insertMany',
        ...Array<string>(3).fill('stockholds.findOne'),
        'parts.findOne',
        'stockmoves.insertMany',
        'parts.findOneAndUpdate',
        'orders.insertOne',
        'outboxdues.insertOne',
        'outboxmessages.insertOne',
      ]);
    } finally {
      mongoose.set('debug', false);
    }
    expect(await OrderIntent.countDocuments({ partId })).toBe(0);
    expect(await Order.countDocuments({ partId })).toBe(2);
    expect(await stockOf(partId)).toBe(3);
  });
});

describe('the order email reconciliation', () => {
  const MINUTE = 60_000;
  const placedKey = (id: string) => `${id}:placed`;
  /** As if the process died right after storing the order, before its email was queued. */
  const loseEmail = async (id: string) => {
    await OutboxMessage.deleteOne({ _id: placedKey(id) });
    await OutboxDue.deleteOne({ _id: placedKey(id) });
  };

  const placeAt = async (partId: string, updatedAt: number) => {
    const id = (await order(customer, { partId, ...CONTACT, quantity: 1 })).body.insertedId as string;
    await Order.collection.updateOne({ _id: new Types.ObjectId(id) }, { $set: { updatedAt: new Date(updatedAt) } });
    await loseEmail(id);
    return id;
  };
  const hasEmail = async (id: string) => (await OutboxMessage.exists({ _id: placedKey(id) })) !== null;

  it('at start, re-creates the lost emails of the last 20 minutes, the last moments included', async () => {
    const partId = await makePart({ stock: 10 });
    const now = Date.now();
    const [tooOld, older, recent] = [
      await placeAt(partId, now - 25 * MINUTE),
      await placeAt(partId, now - 5 * MINUTE),
      await placeAt(partId, now - 1000),
    ];

    const first = await orderEmailReconciliation()(now);
    expect(first.created).toBeGreaterThanOrEqual(2);
    expect(await hasEmail(older)).toBe(true);
    expect(await OutboxDue.exists({ _id: placedKey(older) })).not.toBeNull();
    expect(await hasEmail(recent)).toBe(true);
    expect(await hasEmail(tooOld)).toBe(false);
  });

  it('later runs look at what changed since the last one stopped, leaving the last minute to its request', async () => {
    const partId = await makePart({ stock: 10 });
    const now = Date.now();
    const reconcile = orderEmailReconciliation();
    await reconcile(now);

    // Five minutes on: `older` was looked at by the first run, `settling` changed 30 s ago.
    const later = now + 5 * MINUTE;
    const [older, since, settling] = [
      await placeAt(partId, now - 5 * MINUTE),
      await placeAt(partId, now + MINUTE),
      await placeAt(partId, later - 30_000),
    ];
    const second = await reconcile(later);
    expect(second.checked).toBe(await Order.countDocuments({ updatedAt: { $gte: new Date(now - MINUTE), $lt: new Date(later - MINUTE) } }));
    expect(await hasEmail(since)).toBe(true);
    expect(await hasEmail(older)).toBe(false);
    expect(await hasEmail(settling)).toBe(false);
  });

  it('carries on where the last run of any instance stopped (a fresh serverless one, a daily cron), at most 48 hours back', async () => {
    const partId = await makePart({ stock: 10 });
    const now = Date.now();
    const HOUR = 60 * MINUTE;
    await JobMark.updateOne({ _id: 'order-emails' }, { $set: { upTo: new Date(now - 24 * HOUR) } }, { upsert: true });
    const [sinceMark, beforeMark] = [await placeAt(partId, now - 23 * HOUR), await placeAt(partId, now - 25 * HOUR)];

    // A new process: no memory of earlier runs but the stored mark.
    await orderEmailReconciliation()(now);
    expect(await hasEmail(sinceMark)).toBe(true);
    expect(await hasEmail(beforeMark)).toBe(false);
    expect((await JobMark.findById('order-emails').lean())?.upTo.getTime()).toBe(now);

    await JobMark.updateOne({ _id: 'order-emails' }, { $set: { upTo: new Date(now - 72 * HOUR) } });
    const [withinLimit, pastLimit] = [await placeAt(partId, now - 47 * HOUR), await placeAt(partId, now - 49 * HOUR)];
    await orderEmailReconciliation()(now);
    expect(await hasEmail(withinLimit)).toBe(true);
    expect(await hasEmail(pastLimit)).toBe(false);
  });
});

describe('order numbers', () => {
  it('gives every order a short human number, shown by GET /api/order/{id}', async () => {
    const partId = await makePart({ stock: 20 });
    const placed = await Promise.all(Array.from({ length: 10 }, () => order(customer, { partId, ...CONTACT, quantity: 1 })));
    const numbers = placed.map((res) => res.body.number as string);
    for (const number of numbers) expect(number).toMatch(/^PM-\d{6,}$/);
    expect(new Set(numbers).size).toBe(10);
    const id = placed[0]!.body.insertedId as string;
    const read = await callRoute(getOrderRoute, `/api/order/${id}`, { params: { id }, as: customer });
    expect(read.body.number).toBe(numbers[0]);
  });
});

describe('stock reconciliation', () => {
  const ago = (ms: number) => new Date(Date.now() - ms);

  it('returns the stock of an order whose process died after taking it, exactly once', async () => {
    const partId = await makePart({ stock: 10 });
    const orderId = new Types.ObjectId();
    // What a process that died between the stock move and storing the order leaves behind.
    await OrderIntent.create({ _id: orderId, partId, quantity: 3, by: customer.email, at: ago(120_000) });
    await applyStockMove({ partId, delta: -3, reason: 'order', orderId, by: customer.email });
    expect(await stockOf(partId)).toBe(7);

    const [first, second] = await Promise.all([reconcileOrderIntents(60_000), reconcileOrderIntents(60_000)]);
    expect(first.returned + second.returned).toBe(1);
    expect(await stockOf(partId)).toBe(10);
    expect((await sumStockMoves(partId)).total).toBe(10);
    expect(await StockMove.countDocuments({ orderId, reason: 'cancel' })).toBe(1);
    expect(await OrderIntent.exists({ _id: orderId })).toBeNull();
    expect((await reconcileOrderIntents(60_000)).returned).toBe(0);
  });

  it('creates no stock for an intent whose stock was never taken, and leaves young intents alone', async () => {
    const partId = await makePart({ stock: 5 });
    const never = new Types.ObjectId();
    const young = new Types.ObjectId();
    await OrderIntent.create({ _id: never, partId, quantity: 2, by: customer.email, at: ago(120_000) });
    await OrderIntent.create({ _id: young, partId, quantity: 2, by: customer.email });
    await applyStockMove({ partId, delta: -2, reason: 'order', orderId: young, by: customer.email });

    await reconcileOrderIntents(60_000);
    expect(await stockOf(partId)).toBe(3);
    expect(await OrderIntent.exists({ _id: never })).toBeNull();
    expect(await OrderIntent.exists({ _id: young })).not.toBeNull();
  });

  it('clears the intent of an order that was stored, returning nothing', async () => {
    const partId = await makePart({ stock: 5 });
    const placed = await order(customer, { partId, ...CONTACT, quantity: 2 });
    const orderId = new Types.ObjectId(placed.body.insertedId as string);
    // As if the process stopped before the batch that removes it.
    await storedIntents.flush();
    await OrderIntent.create({ _id: orderId, partId, quantity: 2, by: customer.email, at: ago(120_000) });
    expect(await reconcileOrderIntents(60_000)).toEqual({ returned: 0, cleared: 1 });
    expect(await stockOf(partId)).toBe(3);
  });
});

describe('200 concurrent orders on one part with stock 100, from 8 customers', () => {
  it('creates exactly 100 orders and refuses 100 with 409, with no other answer', async () => {
    const partId = await makePart({ stock: 100 });
    const customers = await Promise.all(Array.from({ length: 8 }, (_, i) => makeUser({ name: `Crowd ${i}` })));
    const started = Date.now();
    // No hold limits here (each customer holds 25 orders): the ledger's race, not the hold limits.
    const answers = await withEnv({ UNPAID_HOLD_ORDERS: '0' }, () =>
      Promise.all(Array.from({ length: 200 }, (_, i) => order(customers[i % 8]!, { partId, ...CONTACT, quantity: 1 }))),
    );
    const seconds = (Date.now() - started) / 1000;
    const count = (status: number) => answers.filter((res) => res.status === status).length;
    expect({ created: count(201), refused: count(409), other: answers.length - count(201) - count(409) }).toEqual({
      created: 100,
      refused: 100,
      other: 0,
    });
    expect(await Order.countDocuments({ partId })).toBe(100);
    expect(await stockOf(partId)).toBe(0);
    expect((await sumStockMoves(partId)).total).toBe(0);
    expect(seconds).toBeLessThan(30);
  }, 60_000);
});
