import mongoose from 'mongoose';
import { GET as allOrdersRoute } from '@/app/api/allOrder/route';
import { DELETE as cancelRoute, GET as getOrderRoute, PUT as shipRoute } from '@/app/api/order/[id]/route';
import { POST as placeOrderRoute } from '@/app/api/order/route';
import { DELETE as deletePartRoute, PUT as updatePartRoute } from '@/app/api/parts/[id]/route';
import { POST as createPartRoute } from '@/app/api/parts/route';
import { DELETE as deleteReviewRoute } from '@/app/api/review/[id]/route';
import { DELETE as revokeRoute, PUT as grantRoute } from '@/app/api/user/admin/[email]/route';
import { GET as usersRoute } from '@/app/api/user/route';
import { listAudit } from '@/lib/audit/audit';
import { ForbiddenError, NotFoundError } from '@/lib/core/errors';
import { resetEnv } from '@/lib/platform/env';
import { allocateOrderNumber } from '@/lib/orders/numbers';
import { enqueueOrderEmail, orderEmail } from '@/lib/orders/emails';
import { getOrderDetails, listAllOrders, markOrderPaid } from '@/lib/orders';
import { deliverDueMail } from '@/lib/mail/outbox';
import { linkMail } from '@/lib/mail';
import { getAdminOverview } from '@/lib/orders/overview';
import type { OrderDTO } from '@/lib/orders/types';
import type { UserDTO } from '@/lib/auth/users';
import { Order, OutboxDue, OutboxMessage } from '@/models';
import { callRoute } from '@/tests/helpers/api';
import { asActor, makePart, makeReview, makeUser } from '@/tests/helpers/factories';
import { shippedOrderDTO } from '@/tests/helpers/order-dto';
import { closeMailTransport } from '@/lib/mail';
import { deadSmtpUrl, startTestSmtpServer } from '@/tests/helpers/smtp-server';

const CONTACT = { address: '12 Mill Road, Leeds LS1 4AB', phone: '+44 113 496 0200' };
const ORDER_NUMBER = /^PM-\d{6,}$/;

let customer: UserDTO;
let other: UserDTO;
let admin: UserDTO;

beforeAll(async () => {
  customer = await makeUser({ name: 'Fran Fulfil' });
  other = await makeUser({ name: 'Otto Other' });
  admin = await makeUser({ name: 'Ada Admin', admin: true });
});

async function place(as: UserDTO, partId: string, quantity = 1): Promise<string> {
  const res = await callRoute(placeOrderRoute, '/api/order', { method: 'POST', body: { partId, ...CONTACT, quantity }, as });
  expect(res.status).toBe(201);
  return res.body.insertedId as string;
}

async function pay(as: UserDTO, id: string): Promise<void> {
  const result = await markOrderPaid(asActor(as), id, `pi_test_${id}`, async (payable) => ({
    intentId: `pi_test_${id}`,
    amountCents: payable.totalCents,
  }));
  expect(result.outcome).toBe('paid');
}

const ship = (id: string, body: Record<string, unknown> = { pending: 'shipped' }, as: UserDTO = admin) =>
  callRoute(shipRoute, `/api/order/${id}`, { method: 'PUT', params: { id }, body, as });
const getOrder = async (id: string): Promise<OrderDTO> =>
  (await callRoute(getOrderRoute, `/api/order/${id}`, { params: { id }, as: admin })).body;

type OrderNumbers = typeof import('@/lib/orders/numbers');
/** Another copy of lib/orders/numbers with its own in-memory block, as a second app instance has. */
function secondAllocator(): OrderNumbers {
  let loaded: OrderNumbers | undefined;
  jest.isolateModules(() => {
    jest.doMock('mongoose', () => mongoose);
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- isolateModules loads synchronously
    loaded = require('@/lib/orders/numbers') as OrderNumbers;
  });
  return loaded!;
}

describe('order numbers', () => {
  it('50 concurrent allocations in one process are distinct, short and human', async () => {
    const numbers = await Promise.all(Array.from({ length: 50 }, () => allocateOrderNumber()));
    expect(new Set(numbers).size).toBe(50);
    for (const number of numbers) expect(number).toMatch(ORDER_NUMBER);
  });

  it('50 concurrent allocations across two app instances are distinct', async () => {
    const second = secondAllocator();
    expect(second.allocateOrderNumber).not.toBe(allocateOrderNumber);
    const numbers = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? second.allocateOrderNumber() : allocateOrderNumber())));
    expect(new Set(numbers).size).toBe(50);
    // A third instance starting later never reuses a number either.
    const third = secondAllocator();
    const more = await Promise.all(Array.from({ length: 60 }, () => third.allocateOrderNumber()));
    expect(new Set([...numbers, ...more]).size).toBe(110);
  });

  it('50 concurrent orders each get their own number, shown on the order', async () => {
    const parts = await Promise.all(Array.from({ length: 10 }, () => makePart({ stock: 20 })));
    const ids = await Promise.all(Array.from({ length: 50 }, (_, i) => place(i % 2 ? customer : other, parts[i % 10]!)));
    const orders = await Order.find({ _id: { $in: ids } }).lean();
    const numbers = orders.map((order) => (order as { number?: string }).number);
    expect(numbers).toHaveLength(50);
    expect(new Set(numbers).size).toBe(50);
    for (const number of numbers) expect(number).toMatch(ORDER_NUMBER);
    expect((await getOrder(ids[0]!)).number).toMatch(ORDER_NUMBER);
  });
});

describe('the order page', () => {
  it("is the customer's own and any admin's; another customer gets 404", async () => {
    const partId = await makePart({ stock: 5 });
    const id = await place(customer, partId, 2);
    const own = await getOrderDetails(asActor(customer), id);
    expect(own).toMatchObject({ _id: id, number: expect.stringMatching(ORDER_NUMBER), quantity: 2, part: { available: true } });
    expect((await getOrderDetails(asActor(admin), id))._id).toBe(id);
    await expect(getOrderDetails(asActor(other), id)).rejects.toBeInstanceOf(NotFoundError);
    expect((await callRoute(getOrderRoute, `/api/order/${id}`, { params: { id }, as: other })).status).toBe(404);
  });

  it('marks the part unavailable once it is deleted or archived', async () => {
    const partId = await makePart({ stock: 5 });
    const id = await place(customer, partId);
    const removed = await callRoute(deletePartRoute, `/api/parts/${partId}`, { method: 'DELETE', params: { id: partId }, as: admin });
    expect(removed.status).toBe(200);
    expect((await getOrderDetails(asActor(customer), id)).part.available).toBe(false);
  });
});

describe('admin calls refuse customers (403)', () => {
  it('answers 403 to a customer on every admin route and admin lib function', async () => {
    const partId = await makePart({ stock: 5 });
    const id = await place(customer, partId);
    await pay(customer, id);
    const reviewId = await makeReview();
    const calls = [
      callRoute(allOrdersRoute, '/api/allOrder', { as: customer }),
      callRoute(usersRoute, '/api/user', { as: customer }),
      ship(id, { pending: 'shipped', carrier: 'UPS', trackingNumber: '1Z999' }, customer),
      callRoute(grantRoute, `/api/user/admin/${other.email}`, { method: 'PUT', params: { email: other.email }, as: customer }),
      callRoute(revokeRoute, `/api/user/admin/${admin.email}`, { method: 'DELETE', params: { email: admin.email }, as: customer }),
      callRoute(createPartRoute, '/api/parts', { method: 'POST', body: {}, as: customer }),
      callRoute(updatePartRoute, `/api/parts/${partId}`, {
        method: 'PUT',
        params: { id: partId },
        body: { name: 'Hijacked' },
        as: customer,
      }),
      callRoute(deletePartRoute, `/api/parts/${partId}`, { method: 'DELETE', params: { id: partId }, as: customer }),
      callRoute(deleteReviewRoute, `/api/review/${reviewId}`, { method: 'DELETE', params: { id: reviewId }, as: customer }),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(403);
    await expect(listAllOrders(asActor(customer), {})).rejects.toBeInstanceOf(ForbiddenError);
    await expect(listAudit(asActor(customer), {})).rejects.toBeInstanceOf(ForbiddenError);
    await expect(getAdminOverview(asActor(customer))).rejects.toBeInstanceOf(ForbiddenError);
    expect((await getOrder(id)).status).toBe('pending');
  });
});

describe('Manage Orders: filters, search and paging', () => {
  it('filters to ship, unpaid, shipped and cancelled; finds by number or email; pages', async () => {
    const buyer = await makeUser({ name: 'Lena Lister' });
    const partId = await makePart({ stock: 50 });
    const [unpaid, toShip, shipped, cancelled] = [
      await place(buyer, partId),
      await place(buyer, partId),
      await place(buyer, partId),
      await place(buyer, partId),
    ];
    await pay(buyer, toShip);
    await pay(buyer, shipped);
    expect((await ship(shipped)).status).toBe(200);
    expect(
      (await callRoute(cancelRoute, `/api/order/${cancelled}`, { method: 'DELETE', params: { id: cancelled }, as: buyer })).status,
    ).toBe(200);
    const a = asActor(admin);
    const ids = async (query: Parameters<typeof listAllOrders>[1]) =>
      (await listAllOrders(a, { ...query, q: buyer.email, limit: 100 })).items.map((o) => o._id);
    expect(await ids({})).toEqual([cancelled, shipped, toShip, unpaid]);
    expect(await ids({ status: 'to-ship' })).toEqual([toShip]);
    expect(await ids({ status: 'unpaid' })).toEqual([unpaid]);
    expect(await ids({ status: 'shipped' })).toEqual([shipped]);
    expect(await ids({ status: 'cancelled' })).toEqual([cancelled]);

    const number = (await getOrder(toShip)).number;
    expect((await listAllOrders(a, { q: number })).items.map((o) => o._id)).toEqual([toShip]);
    expect((await listAllOrders(a, { q: number.toLowerCase().replace('-', '') })).items.map((o) => o._id)).toEqual([toShip]);
    expect((await listAllOrders(a, { q: buyer.email.toUpperCase() })).total).toBe(4);

    const first = await listAllOrders(a, { q: buyer.email, limit: 3, page: 1 });
    const second = await listAllOrders(a, { q: buyer.email, limit: 3, page: 2 });
    expect(first).toMatchObject({ total: 4, page: 1, limit: 3 });
    expect(first.items).toHaveLength(3);
    expect(second.items.map((o) => o._id)).toEqual([unpaid]);
  });
});

describe('shipping with a carrier and tracking number', () => {
  it('keeps the spec body, stores carrier and tracking, answers modifiedCount once', async () => {
    const partId = await makePart({ stock: 5 });
    const id = await place(customer, partId);
    await pay(customer, id);
    const bad = await ship(id, { pending: 'shipped', trackingNumber: '<script>' });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.trackingNumber).toBeDefined();
    const res = await ship(id, { pending: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    expect(res).toMatchObject({ status: 200, body: { modifiedCount: 1 } });
    expect((await ship(id, { pending: 'shipped', carrier: 'DHL', trackingNumber: 'X' })).body.modifiedCount).toBe(0);
    const shipped = await getOrder(id);
    expect(shipped).toMatchObject({
      status: 'shipped',
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      trackingUrl: expect.stringContaining('1Z999AA10123456784'),
      shippedAt: expect.any(String),
    });
    // The spec's body alone still ships (no tracking).
    const plain = await place(customer, partId);
    await pay(customer, plain);
    expect((await ship(plain)).body.modifiedCount).toBe(1);
    expect(await getOrder(plain)).toMatchObject({ status: 'shipped', carrier: null, trackingNumber: null, trackingUrl: null });
  });
});

describe('order emails', () => {
  let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterAll(async () => {
    delete process.env.EMAIL_SERVER;
    resetEnv();
    closeMailTransport();
    await smtp.close();
  });

  it('writes each email once per order and event, keeps them while SMTP is down, and delivers them when it is back', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    await OutboxDue.collection.deleteMany({});
    process.env.EMAIL_SERVER = await deadSmtpUrl();
    resetEnv();
    const buyer = await makeUser({ name: 'Mia <Mail>' });
    const partId = await makePart({ name: 'Ceramic brake pads', price: 24.5, stock: 20 });

    // SMTP is down the whole time the orders change: nothing fails.
    const main = await place(buyer, partId, 2);
    await pay(buyer, main);
    expect((await ship(main, { pending: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' })).status).toBe(200);
    const byCustomer = await place(buyer, partId);
    expect(
      (await callRoute(cancelRoute, `/api/order/${byCustomer}`, { method: 'DELETE', params: { id: byCustomer }, as: buyer })).status,
    ).toBe(200);
    const byAdmin = await place(buyer, partId);
    expect((await callRoute(cancelRoute, `/api/order/${byAdmin}`, { method: 'DELETE', params: { id: byAdmin }, as: admin })).status).toBe(
      200,
    );

    const expected = [
      `${main}:placed`,
      `${main}:paid`,
      `${main}:shipped`,
      `${byCustomer}:placed`,
      `${byCustomer}:cancelled`,
      `${byAdmin}:placed`,
      `${byAdmin}:cancelled`,
    ];
    const stored = await OutboxMessage.find({ to: buyer.email }).lean();
    expect(stored.map((message) => message._id).sort()).toEqual([...expected].sort());
    // Enqueued again (a retry, the reconciliation): still one message each.
    expect(await enqueueOrderEmail('paid', await getOrder(main))).toBe(false);
    expect(await OutboxMessage.countDocuments({ to: buyer.email })).toBe(7);

    expect(await deliverDueMail(new Date())).toMatchObject({ sent: 0, retried: 7 });
    expect(await OutboxMessage.countDocuments({ to: buyer.email, state: 'pending', attempts: 1 })).toBe(7);

    process.env.EMAIL_SERVER = smtp.url;
    resetEnv();
    expect(await deliverDueMail(new Date(Date.now() + 5 * 60_000))).toMatchObject({ sent: 7 });
    expect(await deliverDueMail(new Date(Date.now() + 60 * 60_000))).toMatchObject({ sent: 0 });
    const mine = smtp.received.filter((mail) => mail.to.includes(buyer.email));
    expect(mine).toHaveLength(7);
    const number = (await getOrder(main)).number;
    const subjects = mine.map((mail) => mail.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        `Order ${number} is booked: please pay it`,
        `Receipt for order ${number}`,
        `Order ${number} has shipped`,
        expect.stringMatching(/^Order PM-\d+ was cancelled$/),
      ]),
    );
    warn.mockRestore();
  });

  it('builds both parts: the pay link, the receipt, carrier and tracking link, who cancelled; user text escaped in HTML', async () => {
    const order = shippedOrderDTO({
      partName: 'Brake <pads> & "shims"',
      name: 'Mia <script>alert(1)</script>',
      address: '1 <b>Bold</b> Road',
    });
    const placed = orderEmail('placed', { ...order, paid: false, status: 'pending' });
    expect(placed.to).toBe('mia@example.com');
    expect(placed.text).toContain(`http://localhost:3000/dashboard/payment/${order._id}`);
    expect(placed.html).toContain(`href="http://localhost:3000/dashboard/payment/${order._id}"`);
    expect(placed.html).not.toContain('<script>');
    expect(placed.html).toContain('Mia &lt;script&gt;');
    expect(placed.html).toContain('1 &lt;b&gt;Bold&lt;/b&gt; Road');
    expect(placed.text).toContain('$49.00');

    const paid = orderEmail('paid', order);
    expect(paid.subject).toBe('Receipt for order PM-100234');
    for (const part of [paid.text, paid.html]) {
      expect(part).toContain('pi_test_123');
      expect(part).toContain('$24.50');
      expect(part).toContain('$49.00');
    }

    const shipped = orderEmail('shipped', order);
    expect(shipped.text).toContain('UPS');
    expect(shipped.text).toContain('1Z999AA10123456784 (https://www.ups.com/track?tracknum=1Z999AA10123456784)');
    expect(shipped.html).toContain('<a href="https://www.ups.com/track?tracknum=1Z999AA10123456784">1Z999AA10123456784</a>');

    const unknownCarrier = orderEmail('shipped', { ...order, carrier: 'Local courier', trackingNumber: 'LC-1', trackingUrl: null });
    expect(unknownCarrier.text).toContain('Local courier');
    expect(unknownCarrier.html).not.toContain('tracknum');

    const cancelled = { ...order, paid: false, status: 'pending' as const, cancelled: true, cancelledAt: '2026-11-20T11:00:00.000Z' };
    expect(orderEmail('cancelled', { ...cancelled, cancelledBy: 'customer' }).text).toContain('you cancelled your order');
    expect(orderEmail('cancelled', { ...cancelled, cancelledBy: 'admin' }).text).toContain('the shop cancelled your order');
    expect(orderEmail('cancelled', cancelled, { cancelledBy: 'admin' }).html).toContain('the shop cancelled your order');

    // Nothing a customer typed adds a line of its own: line breaks, Unicode's included, become spaces.
    const forged = orderEmail('placed', {
      ...order,
      paid: false,
      status: 'pending',
      name: 'Mallory\r\nPay here instead: http://evil.example/pay',
      address: '1 Main Street\nPay here instead: http://evil.example/pay\u2028Also here',
      phone: '5551234\r\nBcc: x@example.com',
    });
    const lines = forged.text.split('\n');
    expect(lines.filter((line) => /^(Pay here|Bcc|Also here)/.test(line))).toEqual([]);
    expect(forged.text).toContain('Thank you for your order, Mallory Pay here instead: http://evil.example/pay.');
    expect(forged.text).not.toMatch(/[\r\u2028]/);
    const notice = linkMail({
      to: 'victim@example.com',
      subject: 'Verify',
      greeting: 'Hello Hi,\r\nPay the fee: http://evil.example,',
      body: 'Body.',
      action: 'Verify',
      link: 'http://localhost:3000/x',
      footer: 'Footer.',
    });
    expect(notice.text.split('\n')[0]).toBe('Hello Hi, Pay the fee: http://evil.example,');
  });
});

describe('the admin overview', () => {
  it('counts orders to ship and stale unpaid orders, lists low stock, and sums 30 days of revenue by day', async () => {
    const a = asActor(admin);
    const before = await getAdminOverview(a);
    const partId = await makePart({ name: 'Nearly gone filter', price: 10, stock: 4, minimumQuantity: 2 });
    const paid = await place(customer, partId, 2);
    await pay(customer, paid);
    const stale = await place(customer, partId, 2);
    await Order.collection.updateOne(
      { _id: new mongoose.Types.ObjectId(stale) },
      { $set: { createdAt: new Date(Date.now() - 2 * 86_400_000) } },
    );
    const after = await getAdminOverview(a);
    expect(after.toShip).toBe(before.toShip + 1);
    expect(after.unpaidOverADay).toBe(before.unpaidOverADay + 1);
    expect(after.lowStock.map((part) => part.name)).toContain('Nearly gone filter');
    expect(after.revenue).toHaveLength(30);
    expect(after.revenue.at(-1)!.day).toBe(new Date().toISOString().slice(0, 10));
    expect(after.revenueCents - before.revenueCents).toBe(2000);
    expect(after.revenue.at(-1)!.cents - before.revenue.at(-1)!.cents).toBe(2000);
  });
});
