import { Types } from 'mongoose';
import { POST as requestRoute } from '@/app/api/orders/[id]/returns/route';
import { PATCH as stepRoute } from '@/app/api/returns/[id]/route';
import type { UserDTO } from '@/lib/auth/users';
import { testGateway } from '@/lib/payments/test-gateway';
import { refundAbove } from '@/lib/returns/refund';
import { canRequestReturn, coresTooMany, coreWindowClosed, NO_CORE } from '@/lib/returns/request';
import { CHOOSE_CORE_OUTCOME, NOT_A_CORE_RETURN, wrongState } from '@/lib/returns/steps';
import type { ReturnDTO } from '@/lib/returns/types';
import { CORE_NEEDS_REASON, PARTIAL_NEEDS_AMOUNT } from '@/lib/validations/returns';
import { AuditEntry, Order, OutboxMessage, Part, PaymentRefund, Return, ReturnLineHold, ReturnStep } from '@/models';
import { callRoute } from '@/tests/helpers/api';
import { withEnv } from '@/tests/helpers/env';
import { makeUser } from '@/tests/helpers/factories';
import { deliveredOrder, shopDaysAgo, type DeliveredOrder } from '@/tests/helpers/returns';

/**
 * Core returns (issue 47 item 4). The order: A $150 x 2 with a $45 core deposit, B $10 x 1 without, VAT 20% per line: goods
 * $400 (deposits $90), tax $80, paid $480. Each core's share is its deposit and its tax: $54.
 */

let customer: UserDTO;
let admin: UserDTO;

beforeAll(async () => {
  customer = await makeUser({ name: 'Cora Core' });
  admin = await makeUser({ name: 'Ada Admin', admin: true });
});

const LINES = [
  { priceCents: 15_000, quantity: 2, coreCents: 4500 },
  { priceCents: 1000, quantity: 1 },
];
const VAT = { ratePcm: 20_000, taxShipping: false };
const coreOrder = (daysAgo = 30) => deliveredOrder(customer.email, { lines: LINES, tax: VAT, daysAgo });

type Answer = ReturnDTO & { error?: string; fieldErrors?: Record<string, string[]> };
const ask = (order: DeliveredOrder, lines: Array<[number, number]>, reason = 'core-return') =>
  callRoute<Answer>(requestRoute, `/api/orders/${order.id}/returns`, {
    method: 'POST',
    params: { id: order.id },
    body: { lines: lines.map(([index, quantity]) => ({ partId: order.partIds[index], quantity })), reason },
    as: customer,
  });
const step = (id: string, body: Record<string, unknown>) =>
  callRoute<Answer>(stepRoute, `/api/returns/${id}`, { method: 'PATCH', params: { id }, body, as: admin });

/** A core return of `quantity` cores of line A, approved and received (inspected). */
async function receivedCores(order: DeliveredOrder, quantity: number): Promise<ReturnDTO> {
  const res = await ask(order, [[0, quantity]]);
  expect(res.status).toBe(201);
  expect((await step(res.body.id, { action: 'approve' })).status).toBe(200);
  expect((await step(res.body.id, { action: 'receive' })).status).toBe(200);
  return res.body;
}

const refundClaims = (orderId: string) => ReturnStep.countDocuments({ orderId: new Types.ObjectId(orderId), stage: 'refund' });

describe('a core return request', () => {
  it('names the line’s cores at the deposit paid, due its deposit and tax share, held apart from the part line', async () => {
    const order = await coreOrder();
    const res = await ask(order, [[0, 2]]);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      reason: 'core-return',
      state: 'requested',
      lines: [{ partId: order.partIds[0], unitPrice: 45, quantity: 2, core: true, state: 'requested' }],
      refundAmount: 108,
      coreOutcome: null,
    });
    expect(await ReturnLineHold.exists({ _id: `${order.id}:${order.partIds[0]}:core` })).toBeTruthy();
    // The part line itself is another line: its own return may be open at the same time.
    expect((await ask(order, [[0, 1]], 'not-needed')).body).toMatchObject({ lines: [{ unitPrice: 150 }], refundAmount: 180 });
  });

  it.each([
    [180, 201],
    [181, 409],
  ])('holds the CORE_RETURN_DAYS window (180): delivered %i shop days ago answers %i', async (daysAgo, status) => {
    const order = await coreOrder(daysAgo);
    const res = await ask(order, [[0, 1]]);
    expect(res.status).toBe(status);
    if (status === 409) {
      expect(res.body.error).toBe(coreWindowClosed(180));
      expect(await Return.countDocuments({ orderId: new Types.ObjectId(order.id) })).toBe(0);
      // The parts' own window (365 days) is still open.
      expect((await ask(order, [[0, 1]], 'not-needed')).status).toBe(201);
    }
  });

  it('takes its window from the CORE_RETURN_DAYS setting', async () => {
    const inside = await coreOrder(30);
    const outside = await coreOrder(31);
    await withEnv({ CORE_RETURN_DAYS: '30' }, async () => {
      expect((await ask(inside, [[0, 1]])).status).toBe(201);
      expect(await ask(outside, [[0, 1]])).toMatchObject({ status: 409, body: { error: coreWindowClosed(30) } });
    });
  });

  it('is refused for a line without a core deposit, and past the cores bought less those already back (400)', async () => {
    const order = await coreOrder();
    expect(await ask(order, [[1, 1]])).toMatchObject({ status: 400, body: { fieldErrors: { 'lines.0.partId': [NO_CORE] } } });
    expect(await ask(order, [[0, 3]])).toMatchObject({ status: 400, body: { fieldErrors: { 'lines.0.quantity': [coresTooMany(2)] } } });
    const first = await receivedCores(order, 1);
    expect((await step(first.id, { action: 'refund', core: 'full' })).status).toBe(200);
    expect(await ask(order, [[0, 2]])).toMatchObject({ status: 400, body: { error: coresTooMany(1) } });
    const last = await receivedCores(order, 1);
    // A forfeited core came back too: none is left to return.
    expect((await step(last.id, { action: 'refund', core: 'forfeit', reason: 'Core cracked' })).status).toBe(200);
    expect(await ask(order, [[0, 1]])).toMatchObject({ status: 400, body: { error: coresTooMany(0) } });
  });
});

describe('the order page’s Return parts', () => {
  const delivered = (daysAgo: number, core: boolean) => ({
    cancelled: false,
    paid: true,
    status: 'delivered' as const,
    deliveredAt: shopDaysAgo(daysAgo).toISOString(),
    lines: [{ core: core ? { unitPrice: 45, quantity: 1, lineTotal: 45 } : undefined }],
  });

  it('is offered past the parts’ window while a core may still come back', async () => {
    await withEnv({ RETURNS_DAYS: '30', CORE_RETURN_DAYS: '180' }, async () => {
      expect(canRequestReturn(delivered(30, false))).toBe(true);
      expect(canRequestReturn(delivered(31, false))).toBe(false);
      expect(canRequestReturn(delivered(180, true))).toBe(true);
      expect(canRequestReturn(delivered(181, true))).toBe(false);
    });
  });
});

describe('a core return’s outcome', () => {
  it('in full pays back the deposit and its tax through the gateway, once, and emails and audits it', async () => {
    const order = await coreOrder();
    const ret = await receivedCores(order, 2);
    // A received core is inspected, never put on the shelf as a part.
    expect((await Part.findById(order.partIds[0]).lean())!.availableQuantity).toBe(10);
    expect((await Return.findById(ret.id).lean())!.lines[0]!.outcome).toBe('inspected');
    const gateway = jest.spyOn(testGateway, 'refundPart');
    try {
      const res = await step(ret.id, { action: 'refund', core: 'full' });
      expect(res).toMatchObject({
        status: 200,
        body: { state: 'refunded', refundAmount: 108, coreOutcome: { outcome: 'full', reason: null } },
      });
      expect(gateway.mock.calls.map(([call]) => call.amountCents)).toEqual([10_800]);
    } finally {
      gateway.mockRestore();
    }
    expect((await Order.findById(order.id).lean())!.refundedCents).toBe(10_800);
    expect(await OutboxMessage.findById(`return:${ret.id}:refunded`).lean()).toMatchObject({ subject: expect.stringContaining('$108.00') });
    expect(await AuditEntry.countDocuments({ 'target.id': ret.id, action: 'return.refund' })).toBe(1);
    expect(await ReturnLineHold.exists({ _id: `${order.id}:${order.partIds[0]}:core` })).toBeNull();
  });

  it('in part pays the amount with its reason; above the deposit and its tax, or without a reason, it is 400 and nothing moves', async () => {
    const order = await coreOrder();
    const ret = await receivedCores(order, 1);
    expect(await step(ret.id, { action: 'refund', core: 'partial', amount: 54.01, reason: 'Worn housing' })).toMatchObject({
      status: 400,
      body: { fieldErrors: { amount: [refundAbove(5400)] } },
    });
    expect(await step(ret.id, { action: 'refund', core: 'partial', amount: 20 })).toMatchObject({
      status: 400,
      body: { fieldErrors: { reason: [CORE_NEEDS_REASON] } },
    });
    expect(await step(ret.id, { action: 'refund', core: 'partial', reason: 'Worn housing' })).toMatchObject({
      status: 400,
      body: { fieldErrors: { amount: [PARTIAL_NEEDS_AMOUNT] } },
    });
    expect(await refundClaims(order.id)).toBe(0);
    expect((await Return.findById(ret.id).lean())!.state).toBe('received');

    const res = await step(ret.id, { action: 'refund', core: 'partial', amount: 54, reason: 'Worn housing' });
    expect(res).toMatchObject({ status: 200, body: { state: 'refunded', refundAmount: 54, coreOutcome: { outcome: 'partial' } } });
    const partial = await coreOrder();
    const less = await receivedCores(partial, 1);
    const cut = await step(less.id, { action: 'refund', core: 'partial', amount: 30.5, reason: 'Cracked mounting ear' });
    expect(cut.body).toMatchObject({ refundAmount: 30.5, coreOutcome: { outcome: 'partial', reason: 'Cracked mounting ear' } });
    const mail = await OutboxMessage.findById(`return:${less.id}:refunded`).lean();
    expect(mail!.text).toContain('we refunded $30.50 to the card you paid with (Cracked mounting ear)');
  });

  it('forfeited keeps the deposit: no gateway call, state forfeited, its own email, the line freed', async () => {
    const order = await coreOrder();
    const ret = await receivedCores(order, 2);
    expect(await step(ret.id, { action: 'refund', core: 'forfeit', amount: 10, reason: 'x' })).toMatchObject({ status: 400 });
    const gateway = jest.spyOn(testGateway, 'refundPart');
    try {
      const res = await step(ret.id, { action: 'refund', core: 'forfeit', reason: 'Core seized, cannot be rebuilt' });
      expect(res).toMatchObject({
        status: 200,
        body: { state: 'forfeited', refundAmount: 0, coreOutcome: { outcome: 'forfeit', reason: 'Core seized, cannot be rebuilt' } },
      });
      expect(res.body.events.map((event) => event.step)).toEqual(['requested', 'approved', 'received', 'forfeited']);
      expect(gateway).not.toHaveBeenCalled();
    } finally {
      gateway.mockRestore();
    }
    expect(await PaymentRefund.countDocuments({ intentId: order.intentId })).toBe(0);
    expect((await Order.findById(order.id).lean())!.refundedCents ?? 0).toBe(0);
    const mail = await OutboxMessage.findById(`return:${ret.id}:forfeited`).lean();
    expect(mail!.text).toContain('cannot refund its deposit (Core seized, cannot be rebuilt)');
    expect(await AuditEntry.findOne({ 'target.id': ret.id, action: 'return.refund' }).lean()).toMatchObject({
      after: { state: 'forfeited' },
    });
    expect(await ReturnLineHold.exists({ _id: `${order.id}:${order.partIds[0]}:core` })).toBeNull();
  });

  it('is refused from any state but received (409), without a core outcome (400), and a core outcome on another return (400)', async () => {
    const order = await coreOrder();
    const requested = await ask(order, [[0, 1]]);
    expect(await step(requested.body.id, { action: 'refund', core: 'full' })).toMatchObject({
      status: 409,
      body: { error: wrongState('requested', 'refund') },
    });
    expect((await step(requested.body.id, { action: 'approve' })).status).toBe(200);
    expect(await step(requested.body.id, { action: 'refund', core: 'forfeit', reason: 'Too early' })).toMatchObject({
      status: 409,
      body: { error: wrongState('approved', 'refund') },
    });
    expect((await step(requested.body.id, { action: 'receive' })).status).toBe(200);
    expect(await step(requested.body.id, { action: 'refund' })).toMatchObject({
      status: 400,
      body: { fieldErrors: { core: [CHOOSE_CORE_OUTCOME] } },
    });
    const forfeited = await step(requested.body.id, { action: 'refund', core: 'forfeit', reason: 'Core seized' });
    expect(forfeited.status).toBe(200);
    expect(await step(requested.body.id, { action: 'refund', core: 'full' })).toMatchObject({
      status: 409,
      body: { error: wrongState('forfeited', 'refund') },
    });
    expect(await refundClaims(order.id)).toBe(1);

    const parts = await ask(order, [[1, 1]], 'not-needed');
    await step(parts.body.id, { action: 'approve' });
    await step(parts.body.id, { action: 'receive' });
    expect(await step(parts.body.id, { action: 'refund', core: 'full' })).toMatchObject({
      status: 400,
      body: { fieldErrors: { core: [NOT_A_CORE_RETURN] } },
    });
  });

  it('pays back once under 50 simultaneous attempts: one gateway refund, one claim, one outcome, one email, one audit entry', async () => {
    const order = await coreOrder();
    const ret = await receivedCores(order, 2);
    const gateway = jest.spyOn(testGateway, 'refundPart');
    try {
      const answers = await Promise.all(Array.from({ length: 50 }, () => step(ret.id, { action: 'refund', core: 'full' })));
      expect(answers.every((res) => res.status === 200 || res.status === 409)).toBe(true);
      expect(answers.filter((res) => res.status === 200).length).toBeGreaterThanOrEqual(1);
      for (const res of answers.filter((answer) => answer.status === 200))
        expect(res.body).toMatchObject({ state: 'refunded', refundAmount: 108 });
      expect(gateway).toHaveBeenCalledTimes(1);
      expect(gateway.mock.calls[0]![0]).toEqual({
        intentId: order.intentId,
        amountCents: 10_800,
        idempotencyKey: `return-${ret.id}-refund`,
      });
    } finally {
      gateway.mockRestore();
    }
    expect(await PaymentRefund.find({ intentId: order.intentId }).lean()).toEqual([expect.objectContaining({ amount: 10_800 })]);
    expect(await refundClaims(order.id)).toBe(1);
    expect(await ReturnStep.countDocuments({ _id: `${ret.id}:refunded` })).toBe(1);
    expect(await OutboxMessage.countDocuments({ _id: `return:${ret.id}:refunded` })).toBe(1);
    expect(await AuditEntry.countDocuments({ 'target.id': ret.id, action: 'return.refund' })).toBe(1);
    expect((await Order.findById(order.id).lean())!.refundedCents).toBe(10_800);
  });
});
