import Stripe from 'stripe';
import { Types } from 'mongoose';
import { POST as requestRoute } from '@/app/api/orders/[id]/returns/route';
import { PATCH as stepRoute } from '@/app/api/returns/[id]/route';
import type { UserDTO } from '@/lib/auth/users';
import { testGateway } from '@/lib/payments/test-gateway';
import { resetEnv } from '@/lib/platform/env';
import { aboveRemaining, refundAbove } from '@/lib/returns/refund';
import type { ReturnDTO } from '@/lib/returns/types';
import { AuditEntry, Order, OutboxMessage, PaymentRefund, Return, ReturnStep } from '@/models';
import { callRoute } from '@/tests/helpers/api';
import { makeUser } from '@/tests/helpers/factories';
import { deliveredOrder, type DeliveredOrder } from '@/tests/helpers/returns';

let customer: UserDTO;
let admin: UserDTO;

beforeAll(async () => {
  customer = await makeUser({ name: 'Rita Returner' });
  admin = await makeUser({ name: 'Ada Admin', admin: true });
});

type Answer = ReturnDTO & { error?: string; fieldErrors?: Record<string, string[]> };
const step = (id: string, body: Record<string, unknown>) =>
  callRoute<Answer>(stepRoute, `/api/returns/${id}`, { method: 'PATCH', params: { id }, body, as: admin });

/** A return of `lines` ([line index, quantity]) of the order, approved and received: ready for its refund. */
async function receivedReturn(order: DeliveredOrder, lines: Array<[number, number]>, reason = 'not-needed'): Promise<ReturnDTO> {
  const res = await callRoute<Answer>(requestRoute, `/api/orders/${order.id}/returns`, {
    method: 'POST',
    params: { id: order.id },
    body: { lines: lines.map(([index, quantity]) => ({ partId: order.partIds[index], quantity })), reason },
    as: customer,
  });
  expect(res.status).toBe(201);
  expect((await step(res.body.id, { action: 'approve' })).status).toBe(200);
  expect((await step(res.body.id, { action: 'receive' })).status).toBe(200);
  return res.body;
}

const TWO_LINES = [
  { priceCents: 3000, quantity: 2 },
  { priceCents: 1999, quantity: 1 },
];
const outcomes = (id: string) => ReturnStep.countDocuments({ _id: `${id}:refunded` });
const refundedCents = async (orderId: string) => (await Order.findById(orderId).lean())?.refundedCents ?? 0;

describe('a refund, exactly once', () => {
  it('pays back once under 50 simultaneous attempts: one gateway refund, one stored outcome, one email, one audit entry', async () => {
    const order = await deliveredOrder(customer.email, { lines: TWO_LINES });
    const ret = await receivedReturn(order, [[0, 2]]);
    const gateway = jest.spyOn(testGateway, 'refundPart');
    try {
      const answers = await Promise.all(Array.from({ length: 50 }, () => step(ret.id, { action: 'refund' })));
      expect(answers.every((res) => res.status === 200 || res.status === 409)).toBe(true);
      expect(answers.filter((res) => res.status === 200).length).toBeGreaterThanOrEqual(1);
      for (const res of answers.filter((answer) => answer.status === 200))
        expect(res.body).toMatchObject({ state: 'refunded', refundAmount: 60 });
      expect(gateway).toHaveBeenCalledTimes(1);
      expect(gateway.mock.calls[0]![0]).toEqual({ intentId: order.intentId, amountCents: 6000, idempotencyKey: `return-${ret.id}-refund` });
    } finally {
      gateway.mockRestore();
    }
    expect(await PaymentRefund.find({ intentId: order.intentId }).lean()).toEqual([expect.objectContaining({ amount: 6000 })]);
    expect(await outcomes(ret.id)).toBe(1);
    expect(await ReturnStep.countDocuments({ orderId: new Types.ObjectId(order.id), stage: 'refund' })).toBe(1);
    expect(await OutboxMessage.countDocuments({ _id: `return:${ret.id}:refunded` })).toBe(1);
    expect(await AuditEntry.countDocuments({ 'target.id': ret.id, action: 'return.refund' })).toBe(1);
    expect(await refundedCents(order.id)).toBe(6000);
  });

  it('refunds two returns of one order at the same moment in turn: each its share, numbered 1 and 2', async () => {
    const order = await deliveredOrder(customer.email, { lines: TWO_LINES, shippingCents: 500 });
    const first = await receivedReturn(order, [[0, 1]], 'damaged');
    const second = await receivedReturn(order, [[1, 1]], 'wrong-part');
    const answers = await Promise.all([first, second].map((ret) => step(ret.id, { action: 'refund' })));
    expect(answers.map((res) => res.status)).toEqual([200, 200]);
    // Shipping once, to whichever was counted first.
    const amounts = answers.map((res) => res.body.refundAmount).sort((a, b) => a - b);
    expect(amounts).toEqual(answers[0]!.body.refundAmount === 35 ? [19.99, 35] : [24.99, 30]);
    const claims = await ReturnStep.find({ orderId: new Types.ObjectId(order.id), stage: 'refund' }).lean();
    expect(claims.map((claim) => claim.orderSeq).sort()).toEqual([`${order.id}:1`, `${order.id}:2`]);
    expect(await refundedCents(order.id)).toBe(order.totalCents - 3000);
  });

  it('never refunds above what remains paid on the order, nor above the return’s share', async () => {
    const order = await deliveredOrder(customer.email, { lines: TWO_LINES });
    const ret = await receivedReturn(order, [[0, 2]]);
    // Another refund of this order (made before, through another return) left $25 paid.
    await ReturnStep.create({
      _id: `${new Types.ObjectId()}:refund`,
      returnId: new Types.ObjectId(),
      orderId: new Types.ObjectId(order.id),
      stage: 'refund',
      action: 'refund',
      idempotencyKey: 'earlier',
      by: admin.email,
      orderSeq: `${order.id}:1`,
      amountCents: order.totalCents - 2500,
      refundedAfterCents: order.totalCents - 2500,
      data: { lines: [] },
    });
    expect(await step(ret.id, { action: 'refund', amount: 60.01 })).toMatchObject({
      status: 400,
      body: { fieldErrors: { amount: [refundAbove(6000)] } },
    });
    expect(await step(ret.id, { action: 'refund', amount: 25.01 })).toMatchObject({ status: 409, body: { error: aboveRemaining(2500) } });
    expect(await outcomes(ret.id)).toBe(0);
    expect((await Return.findById(ret.id).lean())?.state).toBe('received');
    const res = await step(ret.id, { action: 'refund' });
    expect(res).toMatchObject({ status: 200, body: { refundAmount: 25 } });
    expect(await refundedCents(order.id)).toBe(order.totalCents);
  });

  it('refunds part of the share when the admin says so', async () => {
    const order = await deliveredOrder(customer.email, { lines: TWO_LINES });
    const ret = await receivedReturn(order, [[0, 1]]);
    expect(await step(ret.id, { action: 'refund', amount: 12.34 })).toMatchObject({ status: 200, body: { refundAmount: 12.34 } });
    expect(await refundedCents(order.id)).toBe(1234);
  });
});

describe('a refund retried', () => {
  it('reuses the stored idempotency key after a crash between storing the claim and calling the gateway', async () => {
    const order = await deliveredOrder(customer.email, { lines: TWO_LINES });
    const ret = await receivedReturn(order, [[1, 1]]);
    const gateway = jest.spyOn(testGateway, 'refundPart');
    try {
      // The first process stores its claim and dies before the gateway answers: its call never returns.
      gateway.mockImplementationOnce(() => new Promise(() => {}));
      void step(ret.id, { action: 'refund' });
      await waitFor(async () => gateway.mock.calls.length === 1);
      const claim = (await ReturnStep.findById(`${ret.id}:refund`).lean())!;
      expect(await step(ret.id, { action: 'refund' })).toMatchObject({ status: 409 });
      // Its lease runs out; the retry takes the claim over.
      await ReturnStep.updateOne({ _id: claim._id }, { $set: { leaseUntil: new Date(Date.now() - 1000) } });
      const retry = await step(ret.id, { action: 'refund' });
      expect(retry).toMatchObject({ status: 200, body: { state: 'refunded', refundAmount: 19.99 } });
      expect(gateway).toHaveBeenCalledTimes(2);
      expect(gateway.mock.calls.map((call) => call[0].idempotencyKey)).toEqual([claim.idempotencyKey, claim.idempotencyKey]);
      expect(claim.idempotencyKey).toBe(`return-${ret.id}-refund`);
    } finally {
      gateway.mockRestore();
    }
    expect(await PaymentRefund.countDocuments({ intentId: order.intentId })).toBe(1);
    expect(await outcomes(ret.id)).toBe(1);
  });

  it('answers 503 when the gateway fails, and the next click pays with the same key', async () => {
    const order = await deliveredOrder(customer.email, { lines: TWO_LINES });
    const ret = await receivedReturn(order, [[1, 1]]);
    const gateway = jest.spyOn(testGateway, 'refundPart').mockRejectedValueOnce(new Error('socket hang up'));
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect((await step(ret.id, { action: 'refund' })).status).toBe(503);
      expect(await outcomes(ret.id)).toBe(0);
      expect((await step(ret.id, { action: 'refund' })).status).toBe(200);
      expect(new Set(gateway.mock.calls.map((call) => call[0].idempotencyKey))).toEqual(new Set([`return-${ret.id}-refund`]));
    } finally {
      gateway.mockRestore();
      logged.mockRestore();
    }
    expect(await PaymentRefund.countDocuments({ intentId: order.intentId })).toBe(1);
  });
});

describe('a refund through Stripe (the Stripe SDK against stripe-mock)', () => {
  const stripe = new Stripe('sk_test_partsmart');
  beforeAll(() => {
    process.env.STRIPE_SECRET_KEY = 'sk_test_partsmart';
    process.env.STRIPE_API_BASE = process.env.STRIPE_MOCK_URL;
    resetEnv();
  });
  afterAll(() => {
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_API_BASE;
    resetEnv();
  });

  it('asks Stripe for a refund of the amount, on the payment, with the return’s idempotency key', async () => {
    const order = await deliveredOrder(customer.email, { lines: TWO_LINES, intentId: 'pi_returns_stripe' });
    const ret = await receivedReturn(order, [[0, 1]]);
    // Every Stripe client shares its resources' prototypes: the spy records the call and lets the real one reach stripe-mock.
    const spy = jest.spyOn(Object.getPrototypeOf(stripe.refunds) as { create: (...args: unknown[]) => unknown }, 'create');
    try {
      expect(await step(ret.id, { action: 'refund' })).toMatchObject({ status: 200, body: { state: 'refunded', refundAmount: 30 } });
      expect(spy).toHaveBeenCalledTimes(1);
      expect(spy.mock.calls[0]!.slice(0, 2)).toEqual([
        { payment_intent: 'pi_returns_stripe', amount: 3000 },
        { idempotencyKey: `return-${ret.id}-refund` },
      ]);
    } finally {
      spy.mockRestore();
    }
    expect((await ReturnStep.findById(`${ret.id}:refunded`).lean())?.gatewayRefundId).toMatch(/^re_/);
  });
});

async function waitFor(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  for (const deadline = Date.now() + ms; Date.now() < deadline;) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('timed out');
}
