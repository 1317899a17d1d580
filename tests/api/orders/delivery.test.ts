import mongoose from 'mongoose';
import { DELETE as cancelRoute, GET as getOrderRoute, PUT as orderStepRoute } from '@/app/api/order/[id]/route';
import { POST as placeOrderRoute } from '@/app/api/order/route';
import { dayIn } from '@/lib/core/calendar';
import { closeMailTransport } from '@/lib/mail';
import { deliverDueMail } from '@/lib/mail/outbox';
import { deliverOrder, listAllOrders, markOrderPaid } from '@/lib/orders';
import { ForbiddenError } from '@/lib/core/errors';
import { DELIVERY_IN_FUTURE, deliveryBeforeShipping } from '@/lib/orders/delivery';
import { ALREADY_CANCELLED, NOT_SHIPPED_YET, UNPAID_CANNOT_DELIVER } from '@/lib/orders/orders';
import type { OrderDTO } from '@/lib/orders/types';
import { env, resetEnv } from '@/lib/platform/env';
import type { UserDTO } from '@/lib/auth/users';
import { AuditEntry, Order, OrderStep, OutboxMessage } from '@/models';
import { callRoute, type As } from '@/tests/helpers/api';
import { asActor, makePart, makeUser, newObjectId } from '@/tests/helpers/factories';
import { startTestSmtpServer } from '@/tests/helpers/smtp-server';

const CONTACT = { address: '9 Canal Street, Leeds LS1 4AB', phone: '+44 113 496 0300' };
const DAY_MS = 86_400_000;

let customer: UserDTO;
let admin: UserDTO;
let partId: string;

beforeAll(async () => {
  customer = await makeUser({ name: 'Dora Delivered' });
  admin = await makeUser({ name: 'Ada Admin', admin: true });
  partId = await makePart({ name: 'Oil filter', price: 12.5, stock: 500 });
});

async function placeOrder(): Promise<string> {
  const res = await callRoute(placeOrderRoute, '/api/order', { method: 'POST', body: { partId, ...CONTACT, quantity: 1 }, as: customer });
  expect(res.status).toBe(201);
  return res.body.insertedId as string;
}

async function paidOrder(): Promise<string> {
  const id = await placeOrder();
  const result = await markOrderPaid(asActor(customer), id, `pi_test_${id}`, async (payable) => ({
    intentId: `pi_test_${id}`,
    amountCents: payable.totalCents,
  }));
  expect(result.outcome).toBe('paid');
  return id;
}

const put = (id: string, body: unknown, as: As = admin) =>
  callRoute(orderStepRoute, `/api/order/${id}`, { method: 'PUT', params: { id }, body, as });

/** A paid order shipped `daysAgo` days ago. */
async function shippedOrder(daysAgo = 0): Promise<string> {
  const id = await paidOrder();
  expect((await put(id, { pending: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' })).body.modifiedCount).toBe(1);
  if (daysAgo) {
    const shippedAt = new Date(Date.now() - daysAgo * DAY_MS);
    await Order.collection.updateOne({ _id: new mongoose.Types.ObjectId(id) }, { $set: { shippedAt } });
  }
  return id;
}

const deliver = (id: string, extra: Record<string, unknown> = {}, as: As = admin) => put(id, { pending: 'delivered', ...extra }, as);
const readOrder = async (id: string): Promise<OrderDTO> =>
  (await callRoute(getOrderRoute, `/api/order/${id}`, { params: { id }, as: admin })).body;
const shopDay = (msFromNow: number) => dayIn(new Date(Date.now() + msFromNow), env().SHOP_TIME_ZONE);
const deliveredEmails = (id: string) => OutboxMessage.countDocuments({ _id: `${id}:delivered` });

/** What a refused call must leave as it was: the order, its step record, its email and its audit. */
async function expectUnchanged(id: string, status: OrderDTO['status']) {
  expect(await readOrder(id)).toMatchObject({ status, deliveredAt: null });
  expect(await OrderStep.countDocuments({ orderId: new mongoose.Types.ObjectId(id), step: 'delivered' })).toBe(0);
  expect(await deliveredEmails(id)).toBe(0);
  expect(await AuditEntry.countDocuments({ 'target.id': id, action: 'order.deliver' })).toBe(0);
}

describe('PUT /api/order/{id} { pending: "delivered" }', () => {
  it('marks a shipped order delivered now: the order, its DTO, one email, one audit entry', async () => {
    const id = await shippedOrder();
    const before = Date.now();
    const res = await deliver(id);
    expect(res).toMatchObject({ status: 200, body: { acknowledged: true, modifiedCount: 1 } });
    const order = await readOrder(id);
    expect(order.status).toBe('delivered');
    expect(new Date(order.deliveredAt!).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(order.deliveredAt!).getTime()).toBeLessThanOrEqual(Date.now());
    expect(await deliveredEmails(id)).toBe(1);
    const audit = await AuditEntry.find({ 'target.id': id, action: 'order.deliver' }).lean();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorEmail: admin.email,
      before: { status: 'shipped' },
      after: { status: 'delivered', deliveredAt: order.deliveredAt },
    });
    // The customer reads it too, and Manage Orders files it under delivered, no longer under shipped.
    const own = await callRoute(getOrderRoute, `/api/order/${id}`, { params: { id }, as: customer });
    expect(own.body).toMatchObject({ status: 'delivered', deliveredAt: order.deliveredAt });
    const listed = async (status: 'shipped' | 'delivered') =>
      (await listAllOrders(asActor(admin), { status, q: customer.email, limit: 100 })).items.map((item) => item._id);
    const inTransit = await shippedOrder();
    expect(await listed('delivered')).toContain(id);
    expect(await listed('delivered')).not.toContain(inTransit);
    expect(await listed('shipped')).toContain(inTransit);
    expect(await listed('shipped')).not.toContain(id);
  });

  it('takes a day from the shipping day to today; refuses a later or earlier day, or a malformed one, changing nothing', async () => {
    const id = await shippedOrder(3);
    const shippedDay = shopDay(-3 * DAY_MS);
    for (const [deliveredAt, message] of [
      [shopDay(DAY_MS), DELIVERY_IN_FUTURE],
      [shopDay(-4 * DAY_MS), deliveryBeforeShipping(shippedDay)],
      ['27/11/2026', 'Give the delivery date as YYYY-MM-DD'],
      ['2026-02-30', 'Give the delivery date as YYYY-MM-DD'],
      [20261127, 'Give the delivery date as YYYY-MM-DD'],
      [{ $gt: '' }, 'Give the delivery date as YYYY-MM-DD'],
    ] as const) {
      const res = await deliver(id, { deliveredAt });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: message, fieldErrors: { deliveredAt: [message] } });
    }
    await expectUnchanged(id, 'shipped');

    expect((await deliver(id, { deliveredAt: shippedDay })).body.modifiedCount).toBe(1);
    const order = await readOrder(id);
    expect(dayIn(new Date(order.deliveredAt!), env().SHOP_TIME_ZONE)).toBe(shippedDay);
    expect(new Date(order.deliveredAt!).getTime()).toBeGreaterThanOrEqual(new Date(order.shippedAt!).getTime());
    // Today is allowed, and an unknown `pending` is refused with the two bodies it could be.
    const today = await shippedOrder();
    expect((await deliver(today, { deliveredAt: shopDay(0) })).body.modifiedCount).toBe(1);
    const unknown = await put(today, { pending: 'lost' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fieldErrors.pending[0]).toMatch(/"shipped".*"delivered"/);
  });

  it('answers 409 for an unpaid, unshipped or cancelled order, changing nothing', async () => {
    const unpaid = await placeOrder();
    const unshipped = await paidOrder();
    const cancelled = await placeOrder();
    const res = await callRoute(cancelRoute, `/api/order/${cancelled}`, { method: 'DELETE', params: { id: cancelled }, as: customer });
    expect(res.status).toBe(200);
    for (const [id, message] of [
      [unpaid, UNPAID_CANNOT_DELIVER],
      [unshipped, NOT_SHIPPED_YET],
      [cancelled, ALREADY_CANCELLED],
    ] as const) {
      expect(await deliver(id)).toMatchObject({ status: 409, body: { error: message } });
      await expectUnchanged(id, 'pending');
    }
  });

  it('is for admins: a visitor gets 401, a customer 403 (even for their own order), an unknown id 404', async () => {
    const id = await shippedOrder();
    expect((await deliver(id, {}, null)).status).toBe(401);
    expect((await deliver(id, {}, customer)).status).toBe(403);
    expect((await deliver(newObjectId())).status).toBe(404);
    expect((await deliver('not-an-id')).status).toBe(404);
    // The lib function checks the caller itself, whoever calls it.
    await expect(deliverOrder(asActor(customer), id)).rejects.toBeInstanceOf(ForbiddenError);
    await expectUnchanged(id, 'shipped');
  });

  it('happens once: a repeat changes nothing; shipping it again changes nothing', async () => {
    const id = await shippedOrder(2);
    expect((await deliver(id, { deliveredAt: shopDay(-DAY_MS) })).body.modifiedCount).toBe(1);
    const first = await readOrder(id);
    expect(await deliver(id)).toMatchObject({ status: 200, body: { modifiedCount: 0 } });
    expect(await put(id, { pending: 'shipped', carrier: 'DHL' })).toMatchObject({ status: 200, body: { modifiedCount: 0 } });
    expect(await readOrder(id)).toMatchObject({ status: 'delivered', deliveredAt: first.deliveredAt, carrier: 'UPS' });
    expect(await deliveredEmails(id)).toBe(1);
    expect(await AuditEntry.countDocuments({ 'target.id': id, action: 'order.deliver' })).toBe(1);
  });

  it('happens once under 20 concurrent calls with different days: one winner, its day stored, one email, one audit entry', async () => {
    const id = await shippedOrder(5);
    const days = Array.from({ length: 20 }, (_, i) => shopDay(-(i % 5) * DAY_MS));
    const answers = await Promise.all(days.map((deliveredAt) => deliver(id, { deliveredAt })));
    expect(answers.map((res) => res.status)).toEqual(days.map(() => 200));
    const winners = answers.flatMap((res, i) => (res.body.modifiedCount === 1 ? [days[i]] : []));
    expect(winners).toHaveLength(1);
    const step = await OrderStep.findById(`${id}:delivered`).lean();
    const order = await readOrder(id);
    expect(order.deliveredAt).toBe(step!.at.toISOString());
    expect(dayIn(new Date(order.deliveredAt!), env().SHOP_TIME_ZONE)).toBe(winners[0]);
    expect(await deliveredEmails(id)).toBe(1);
    expect(await AuditEntry.countDocuments({ 'target.id': id, action: 'order.deliver' })).toBe(1);
  });
});

describe('shipping an order', () => {
  it('happens once under 20 concurrent calls with different carriers: one winner, its carrier stored, one email, one audit entry', async () => {
    const id = await paidOrder();
    const carriers = Array.from({ length: 20 }, (_, i) => `Carrier ${i}`);
    const answers = await Promise.all(carriers.map((carrier, i) => put(id, { pending: 'shipped', carrier, trackingNumber: `TRK${i}` })));
    expect(answers.map((res) => res.status)).toEqual(carriers.map(() => 200));
    const winners = answers.flatMap((res, i) => (res.body.modifiedCount === 1 ? [i] : []));
    expect(winners).toHaveLength(1);
    const step = await OrderStep.findById(`${id}:shipped`).lean();
    const order = await readOrder(id);
    expect(order).toMatchObject({ status: 'shipped', carrier: `Carrier ${winners[0]}`, trackingNumber: `TRK${winners[0]}` });
    expect(order.shippedAt).toBe(step!.at.toISOString());
    expect(await OutboxMessage.countDocuments({ _id: `${id}:shipped` })).toBe(1);
    expect(await AuditEntry.countDocuments({ 'target.id': id, action: 'order.ship' })).toBe(1);
  });

  it("stamps the order from the first claim's values when that call died before its write", async () => {
    const id = await paidOrder();
    const at = new Date(Date.now() - 60_000);
    await OrderStep.create({ _id: `${id}:shipped`, orderId: id, step: 'shipped', at, by: 'first@example.com', carrier: 'UPS' });
    expect(await put(id, { pending: 'shipped', carrier: 'DHL', trackingNumber: 'X1' })).toMatchObject({
      status: 200,
      body: { modifiedCount: 0 },
    });
    expect(await readOrder(id)).toMatchObject({ status: 'shipped', shippedAt: at.toISOString(), carrier: 'UPS' });
    expect((await readOrder(id)).trackingNumber ?? null).toBeNull();
    expect(await AuditEntry.countDocuments({ 'target.id': id, action: 'order.ship' })).toBe(0);
  });
});

describe('the delivered email', () => {
  let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    process.env.EMAIL_SERVER = smtp.url;
    resetEnv();
  });
  afterAll(async () => {
    delete process.env.EMAIL_SERVER;
    resetEnv();
    closeMailTransport();
    await smtp.close();
  });

  it('reaches the customer once through the outbox, with the day and the order link', async () => {
    const id = await shippedOrder(1);
    const day = shopDay(-DAY_MS);
    await Promise.all([deliver(id, { deliveredAt: day }), deliver(id, { deliveredAt: day })]);
    await deliverDueMail(new Date(Date.now() + 60_000));
    await deliverDueMail(new Date(Date.now() + 60 * 60_000));
    const number = (await readOrder(id)).number;
    const mails = smtp.received.filter((mail) => mail.subject === `Order ${number} was delivered`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual([customer.email]);
    const shown = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
    expect(mails[0]!.raw).toContain(`your order was delivered on ${shown}`);
    expect(mails[0]!.raw.replace(/=\r?\n/g, '')).toContain(`/dashboard/orders/${id}`);
  });
});
