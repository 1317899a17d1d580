import { Types } from 'mongoose';
import { GET as getOrderRoute } from '@/app/api/order/[id]/route';
import { POST as requestRoute } from '@/app/api/orders/[id]/returns/route';
import { PATCH as stepRoute } from '@/app/api/returns/[id]/route';
import type { UserDTO } from '@/lib/auth/users';
import { wrongState } from '@/lib/returns/steps';
import type { ReturnDTO } from '@/lib/returns/types';
import { AuditEntry, OutboxMessage, Part, PaymentRefund, Return, ReturnLineHold, ReturnStep, StockMove } from '@/models';
import { callRoute, type As } from '@/tests/helpers/api';
import { makeUser } from '@/tests/helpers/factories';
import { deliveredOrder, type DeliveredOrder } from '@/tests/helpers/returns';

let customer: UserDTO;
let admin: UserDTO;

beforeAll(async () => {
  customer = await makeUser({ name: 'Rita Returner' });
  admin = await makeUser({ name: 'Ada Admin', admin: true });
});

/**
 * Goods $97.48 (A $40 x 1, B $12.50 x 3, C $9.99 x 2), 10% off ($9.75: 4.00, 3.75, 2.00), shipping $7, 20% tax on goods and
 * shipping ($18.95: 7.20, 6.75, 3.60, 1.40): $113.68 paid. Each line's share: A $43.20, B $40.50, C $21.58, shipping $8.40.
 */
const orderOfThree = () =>
  deliveredOrder(customer.email, {
    lines: [
      { priceCents: 4000, quantity: 1 },
      { priceCents: 1250, quantity: 3 },
      { priceCents: 999, quantity: 2 },
    ],
    shippingCents: 700,
    discount: { code: 'TENOFF', kind: 'percent', percent: 10 },
    tax: { ratePcm: 20_000, taxShipping: true },
  });

type Body = Record<string, unknown>;
type Answer = ReturnDTO & { error?: string };
const ask = async (order: DeliveredOrder, lines: Array<[number, number]>, reason = 'not-needed') => {
  const res = await callRoute<Answer>(requestRoute, `/api/orders/${order.id}/returns`, {
    method: 'POST',
    params: { id: order.id },
    body: { lines: lines.map(([index, quantity]) => ({ partId: order.partIds[index], quantity })), reason },
    as: customer,
  });
  expect(res.status).toBe(201);
  return res.body;
};
const step = (id: string, body: Body, as: As = admin) =>
  callRoute<Answer>(stepRoute, `/api/returns/${id}`, { method: 'PATCH', params: { id }, body, as });
const audits = (id: string) => AuditEntry.find({ 'target.id': id }).lean();
const stockOf = async (partId: string) => (await Part.findById(partId).lean())!.availableQuantity;

describe('the admin’s steps', () => {
  it('approves with the return instructions in the email: 200, the timeline event, one audit entry', async () => {
    const ret = await ask(await orderOfThree(), [[0, 1]]);
    const res = await step(ret.id, { action: 'approve', instructions: 'Send it with the prepaid label, order number inside.' });
    expect(res).toMatchObject({ status: 200, body: { id: ret.id, state: 'approved' } });
    expect(res.body.events.map((event) => event.step)).toEqual(['requested', 'approved']);
    const mail = await OutboxMessage.findById(`return:${ret.id}:approved`).lean();
    expect(mail?.text).toContain('Send it with the prepaid label, order number inside.');
    expect(await audits(ret.id)).toEqual([
      expect.objectContaining({
        action: 'return.approve',
        actorEmail: admin.email,
        target: expect.objectContaining({ kind: 'return' }),
        after: expect.objectContaining({ state: 'approved' }),
      }),
    ]);
  });

  it('rejects with a reason (required): emailed, audited, and the line free again', async () => {
    const order = await orderOfThree();
    const ret = await ask(order, [[1, 1]]);
    expect((await step(ret.id, { action: 'reject' })).status).toBe(400);
    const res = await step(ret.id, { action: 'reject', reason: 'Fitted parts cannot come back' });
    expect(res).toMatchObject({ status: 200, body: { state: 'rejected', rejection: 'Fitted parts cannot come back' } });
    expect((await OutboxMessage.findById(`return:${ret.id}:rejected`).lean())?.text).toContain('Fitted parts cannot come back');
    expect(await ReturnLineHold.countDocuments({ _id: `${order.id}:${order.partIds[1]}` })).toBe(0);
    expect((await audits(ret.id)).map((entry) => entry.action)).toEqual(['return.reject']);
  });

  it('receives per line: back to stock through the ledger once, or written off', async () => {
    const order = await orderOfThree();
    const ret = await ask(order, [
      [1, 2],
      [2, 1],
    ]);
    await step(ret.id, { action: 'approve' });
    const [before1, before2] = [await stockOf(order.partIds[1]!), await stockOf(order.partIds[2]!)];
    const receive = { action: 'receive', lines: [{ partId: order.partIds[2], outcome: 'write-off' }] };
    const answers = await Promise.all(Array.from({ length: 5 }, () => step(ret.id, receive)));
    expect(answers.filter((res) => res.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(answers.every((res) => res.status === 200 || res.status === 409)).toBe(true);
    const after = await Return.findById(ret.id).lean();
    expect(after?.state).toBe('received');
    expect(await stockOf(order.partIds[1]!)).toBe(before1 + 2);
    expect(await stockOf(order.partIds[2]!)).toBe(before2);
    const moves = await StockMove.find({ reason: 'return', orderId: new Types.ObjectId(ret.id) }).lean();
    expect(moves).toEqual([expect.objectContaining({ partId: new Types.ObjectId(order.partIds[1]), delta: 2, by: admin.email })]);
    const final = (await step(ret.id, { action: 'refund' })).body;
    expect(final.lines.map((line) => line.state)).toEqual(['refunded', 'written-off']);
    expect((await audits(ret.id)).filter((entry) => entry.action === 'return.receive')).toHaveLength(1);
  });

  it('refunds the lines’ share of discount and tax, shipping only for the shop’s mistake, and notes it on the order', async () => {
    const order = await orderOfThree();
    const spare = await ask(order, [[1, 2]]);
    const broken = await ask(order, [[0, 1]], 'damaged');
    expect(spare.refundAmount).toBe(27); // two thirds of B's $40.50
    expect(broken.refundAmount).toBe(51.6); // A's $43.20 and shipping's $8.40
    for (const ret of [spare, broken]) {
      await step(ret.id, { action: 'approve' });
      await step(ret.id, { action: 'receive' });
      const res = await step(ret.id, { action: 'refund' });
      expect(res).toMatchObject({ status: 200, body: { state: 'refunded', refundAmount: ret.refundAmount } });
      expect((await OutboxMessage.findById(`return:${ret.id}:refunded`).lean())?.subject).toContain(`$${ret.refundAmount.toFixed(2)}`);
      expect((await audits(ret.id)).map((entry) => entry.action)).toEqual(['return.approve', 'return.receive', 'return.refund']);
    }
    const refunds = await PaymentRefund.find({ intentId: order.intentId }).sort({ at: 1 }).lean();
    expect(refunds.map((refund) => [refund._id, refund.amount])).toEqual([
      [`return-${spare.id}-refund`, 2700],
      [`return-${broken.id}-refund`, 5160],
    ]);
    const read = await callRoute(getOrderRoute, `/api/order/${order.id}`, { params: { id: order.id }, as: customer });
    expect(read.body.refundedTotal).toBe(78.6);
    // The last unit of B: what is left of its share, and no shipping a second time for a later mistake.
    const last = await ask(order, [[1, 1]], 'wrong-part');
    expect(last.refundAmount).toBe(13.5);
  });

  const stepsFrom: Record<string, Body[]> = {
    requested: [{ action: 'receive' }, { action: 'refund' }],
    approved: [{ action: 'approve' }, { action: 'reject', reason: 'Too late' }, { action: 'refund' }],
    received: [{ action: 'approve' }, { action: 'reject', reason: 'Too late' }, { action: 'receive' }],
    refunded: [{ action: 'approve' }, { action: 'receive' }, { action: 'refund' }],
    rejected: [{ action: 'approve' }, { action: 'receive' }, { action: 'refund' }, { action: 'reject', reason: 'Again' }],
  };
  const path: Record<string, Body[]> = {
    requested: [],
    approved: [{ action: 'approve' }],
    received: [{ action: 'approve' }, { action: 'receive' }],
    refunded: [{ action: 'approve' }, { action: 'receive' }, { action: 'refund' }],
    rejected: [{ action: 'reject', reason: 'Not ours' }],
  };

  it.each(Object.keys(stepsFrom))('refuses every other step from %s with 409 and changes nothing', async (state) => {
    const ret = await ask(await orderOfThree(), [[2, 1]]);
    for (const body of path[state]!) expect((await step(ret.id, body)).status).toBe(200);
    const before = await Return.findById(ret.id).lean();
    const audited = (await audits(ret.id)).length;
    for (const body of stepsFrom[state]!) {
      const res = await step(ret.id, body);
      expect(res).toMatchObject({ status: 409, body: { error: wrongState(state as ReturnDTO['state'], body.action as 'approve') } });
    }
    expect(await Return.findById(ret.id).lean()).toEqual(before);
    expect(await audits(ret.id)).toHaveLength(audited);
  });

  it('decides approve against reject once when both arrive together', async () => {
    const ret = await ask(await orderOfThree(), [[0, 1]]);
    const [approve, reject] = await Promise.all([
      step(ret.id, { action: 'approve' }),
      step(ret.id, { action: 'reject', reason: 'Not from us' }),
    ]);
    expect([approve.status, reject.status].sort()).toEqual([200, 409]);
    const state = (await Return.findById(ret.id).lean())!.state;
    expect(state).toBe(approve.status === 200 ? 'approved' : 'rejected');
    expect(await ReturnStep.countDocuments({ returnId: new Types.ObjectId(ret.id), stage: 'decision' })).toBe(1);
  });

  it('is for admins only (401, 403), 404 for no such return, 400 for an unknown action', async () => {
    const ret = await ask(await orderOfThree(), [[0, 1]]);
    expect((await step(ret.id, { action: 'approve' }, null)).status).toBe(401);
    expect((await step(ret.id, { action: 'approve' }, customer)).status).toBe(403);
    const missing = String(new Types.ObjectId());
    expect((await step(missing, { action: 'approve' })).status).toBe(404);
    expect((await step(ret.id, { action: 'cancel' })).status).toBe(400);
    expect((await step(ret.id, { action: 'refund', amount: -1 })).status).toBe(400);
    expect((await Return.findById(ret.id).lean())!.state).toBe('requested');
  });
});
