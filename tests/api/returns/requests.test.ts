import { Types } from 'mongoose';
import { POST as requestRoute } from '@/app/api/orders/[id]/returns/route';
import { GET as getReturnRoute, PATCH as stepRoute } from '@/app/api/returns/[id]/route';
import { GET as listRoute } from '@/app/api/returns/route';
import type { UserDTO } from '@/lib/auth/users';
import { ADMINS_CANNOT_REQUEST, NAME_THE_VEHICLE, NOT_DELIVERED, NOT_IN_ORDER, tooMany, windowClosed } from '@/lib/returns/request';
import { LINE_HAS_OPEN_RETURN } from '@/lib/returns/holds';
import type { ReturnDTO } from '@/lib/returns/types';
import { CHOOSE_REASON, SAY_WHAT_DID_NOT_FIT } from '@/lib/validations/returns';
import { OutboxMessage, Return, ReturnLineHold } from '@/models';
import { callRoute, type As } from '@/tests/helpers/api';
import { withEnv } from '@/tests/helpers/env';
import { makeUser } from '@/tests/helpers/factories';
import { deliveredOrder, type DeliveredOrder } from '@/tests/helpers/returns';

let customer: UserDTO;
let other: UserDTO;
let admin: UserDTO;

beforeAll(async () => {
  customer = await makeUser({ name: 'Rita Returner' });
  other = await makeUser();
  admin = await makeUser({ admin: true });
});

const THREE_LINES = [
  { priceCents: 4000, quantity: 1 },
  { priceCents: 1250, quantity: 3, fitVehicle: '2016 Toyota Corolla 1.8L' },
  { priceCents: 999, quantity: 2 },
];

type Body = Record<string, unknown>;
const ask = (orderId: string, body: Body, as: As = customer, headers: Record<string, string> = {}) =>
  callRoute<ReturnDTO & { error?: string; fieldErrors?: Record<string, string[]> }>(requestRoute, `/api/orders/${orderId}/returns`, {
    method: 'POST',
    params: { id: orderId },
    body,
    as,
    headers,
  });
const notNeeded = (order: DeliveredOrder, index = 0, quantity = 1): Body => ({
  lines: [{ partId: order.partIds[index], quantity }],
  reason: 'not-needed',
});
const storedFor = (order: DeliveredOrder) => Return.countDocuments({ orderId: new Types.ObjectId(order.id) });
const step = (id: string, body: Body) => callRoute(stepRoute, `/api/returns/${id}`, { method: 'PATCH', params: { id }, body, as: admin });

describe('POST /api/orders/{id}/returns', () => {
  it('asks to return one line of a delivered three-line order: 201 with the return, stored, held, emailed', async () => {
    const order = await deliveredOrder(customer.email, { lines: THREE_LINES });
    const res = await ask(order.id, { ...notNeeded(order, 1, 2), note: 'Ordered one set too many' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      orderId: order.id,
      state: 'requested',
      reason: 'not-needed',
      note: 'Ordered one set too many',
      lines: [{ partId: order.partIds[1], partName: 'Returnable part 2', quantity: 2, unitPrice: 12.5, state: 'requested' }],
      refundAmount: 25,
    });
    expect(res.body.events).toEqual([{ step: 'requested', at: expect.any(String) }]);
    expect(await storedFor(order)).toBe(1);
    expect(await ReturnLineHold.exists({ _id: `${order.id}:${order.partIds[1]}`, returnId: new Types.ObjectId(res.body.id) })).toBeTruthy();
    const mail = await OutboxMessage.findById(`return:${res.body.id}:requested`).lean();
    expect(mail).toMatchObject({ to: customer.email, subject: expect.stringContaining('return request') });
  });

  it.each([
    [365, 201],
    [366, 409],
  ])('holds the window of RETURNS_DAYS (365): delivered %i shop days ago answers %i', async (daysAgo, status) => {
    const order = await deliveredOrder(customer.email, { daysAgo });
    const res = await ask(order.id, notNeeded(order));
    expect(res.status).toBe(status);
    if (status === 409) {
      expect(res.body.error).toBe(windowClosed(365));
      expect(await storedFor(order)).toBe(0);
      expect(await ReturnLineHold.countDocuments({ _id: `${order.id}:${order.partIds[0]}` })).toBe(0);
    }
  });

  it('takes its window from the RETURNS_DAYS setting', async () => {
    const inside = await deliveredOrder(customer.email, { daysAgo: 30 });
    const outside = await deliveredOrder(customer.email, { daysAgo: 31 });
    await withEnv({ RETURNS_DAYS: '30' }, async () => {
      expect((await ask(inside.id, notNeeded(inside))).status).toBe(201);
      expect(await ask(outside.id, notNeeded(outside))).toMatchObject({ status: 409, body: { error: windowClosed(30) } });
    });
  });

  it('refuses an order not delivered yet (409)', async () => {
    const order = await deliveredOrder(customer.email, { daysAgo: null });
    expect(await ask(order.id, notNeeded(order))).toMatchObject({ status: 409, body: { error: NOT_DELIVERED } });
    expect(await storedFor(order)).toBe(0);
  });

  it('never takes more than was bought, nor a part not in the order (400 on the line)', async () => {
    const order = await deliveredOrder(customer.email, { lines: THREE_LINES });
    const over = await ask(order.id, notNeeded(order, 1, 4));
    expect(over).toMatchObject({ status: 400, body: { fieldErrors: { 'lines.0.quantity': [tooMany(3)] } } });
    const stranger = await ask(order.id, { lines: [{ partId: String(new Types.ObjectId()), quantity: 1 }], reason: 'other' });
    expect(stranger).toMatchObject({ status: 400, body: { fieldErrors: { 'lines.0.partId': [NOT_IN_ORDER] } } });
    expect(await storedFor(order)).toBe(0);
    expect(await ReturnLineHold.countDocuments({ _id: `${order.id}:${order.partIds[1]}` })).toBe(0);
    expect((await ask(order.id, notNeeded(order, 1, 3))).status).toBe(201);
  });

  it('counts what was already returned: 2 of 3 refunded leaves 1', async () => {
    const order = await deliveredOrder(customer.email, { lines: THREE_LINES });
    const first = await ask(order.id, notNeeded(order, 1, 2));
    for (const action of ['approve', 'receive', 'refund']) expect((await step(first.body.id, { action })).status).toBe(200);
    expect(await ask(order.id, notNeeded(order, 1, 2))).toMatchObject({ status: 400, body: { error: tooMany(1) } });
    expect((await ask(order.id, notNeeded(order, 1, 1))).status).toBe(201);
    expect(await ask(order.id, notNeeded(order, 1, 1))).toMatchObject({ status: 409 });
  });

  it('keeps one open request per line: another for the line is 409 until it is rejected', async () => {
    const order = await deliveredOrder(customer.email, { lines: THREE_LINES });
    const first = await ask(order.id, notNeeded(order, 0));
    const again = await ask(order.id, {
      lines: [
        { partId: order.partIds[0], quantity: 1 },
        { partId: order.partIds[2], quantity: 1 },
      ],
      reason: 'other',
    });
    expect(again).toMatchObject({ status: 409, body: { error: LINE_HAS_OPEN_RETURN('Returnable part 1') } });
    // The refused request held nothing: line 3 is still free.
    expect((await ask(order.id, notNeeded(order, 2))).status).toBe(201);
    expect((await step(first.body.id, { action: 'reject', reason: 'Used parts are not taken back' })).status).toBe(200);
    expect((await ask(order.id, notNeeded(order, 0))).status).toBe(201);
  });

  it('lets one of ten simultaneous requests for a line through', async () => {
    const order = await deliveredOrder(customer.email, { lines: THREE_LINES });
    const answers = await Promise.all(Array.from({ length: 10 }, () => ask(order.id, notNeeded(order, 1))));
    expect(answers.map((res) => res.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    expect(await storedFor(order)).toBe(1);
  });

  it('records the vehicle of a "does not fit" return: the line’s, the one given, or a VIN; and what did not match', async () => {
    const order = await deliveredOrder(customer.email, { lines: THREE_LINES });
    const unfit = (index: number, extra: Body) =>
      ask(order.id, { lines: [{ partId: order.partIds[index], quantity: 1 }], reason: 'does-not-fit', ...extra });
    expect(await unfit(0, {})).toMatchObject({ status: 400, body: { fieldErrors: { mismatch: [SAY_WHAT_DID_NOT_FIT] } } });
    expect(await unfit(0, { mismatch: 'Bolt holes too far apart' })).toMatchObject({
      status: 400,
      body: { fieldErrors: { vehicle: [NAME_THE_VEHICLE] } },
    });
    const fromLine = await unfit(1, { mismatch: 'Rear, not front' });
    expect(fromLine).toMatchObject({ status: 201, body: { vehicle: '2016 Toyota Corolla 1.8L', mismatch: 'Rear, not front' } });
    const byVin = await unfit(0, { vin: '1hg-cm82633a004352', mismatch: 'Wrong connector' });
    expect(byVin).toMatchObject({ status: 201, body: { vehicle: null, vin: '1HGCM82633A004352' } });
    const given = await unfit(2, { vehicle: '2019 Mazda CX-5 2.5L', mismatch: 'Too short' });
    expect(given).toMatchObject({ status: 201, body: { vehicle: '2019 Mazda CX-5 2.5L' } });
  });

  it('refuses bad input with 400 and stores nothing', async () => {
    const order = await deliveredOrder(customer.email);
    const part = order.partIds[0];
    const cases: Body[] = [
      { lines: [{ partId: part, quantity: 1 }], reason: 'changed-my-mind' },
      { lines: [], reason: 'other' },
      { lines: [{ partId: part, quantity: 0 }], reason: 'other' },
      { lines: [{ partId: part, quantity: 1.5 }], reason: 'other' },
      { lines: [{ partId: { $ne: null }, quantity: 1 }], reason: 'other' },
      {
        lines: [
          { partId: part, quantity: 1 },
          { partId: part, quantity: 1 },
        ],
        reason: 'other',
      },
      { lines: [{ partId: part, quantity: 1 }], reason: 'does-not-fit', vin: 'NOTAVIN', mismatch: 'Too long' },
    ];
    for (const body of cases) expect((await ask(order.id, body)).status).toBe(400);
    expect((await ask(order.id, cases[0]!)).body.fieldErrors).toEqual({ reason: [CHOOSE_REASON] });
    expect(await storedFor(order)).toBe(0);
  });
});

describe('who may ask and see', () => {
  it('answers 401 to a visitor, 404 to another customer, 403 to an admin', async () => {
    const order = await deliveredOrder(customer.email);
    expect((await ask(order.id, notNeeded(order), null)).status).toBe(401);
    expect((await ask(order.id, notNeeded(order), other)).status).toBe(404);
    expect(await ask(order.id, notNeeded(order), admin)).toMatchObject({ status: 403, body: { error: ADMINS_CANNOT_REQUEST } });
    expect(await storedFor(order)).toBe(0);
  });

  it('lets a guest ask through the order’s signed link, for that order only', async () => {
    const mine = await deliveredOrder('guest.returner@example.com', { guest: true });
    const theirs = await deliveredOrder('someone.else@example.com', { guest: true });
    const res = await ask(mine.id, notNeeded(mine), null, { 'x-order-token': mine.token });
    expect(res.status).toBe(201);
    expect((await ask(theirs.id, notNeeded(theirs), null, { 'x-order-token': mine.token })).status).toBe(404);
    const seen = await callRoute(getReturnRoute, `/api/returns/${res.body.id}`, {
      params: { id: res.body.id },
      headers: { 'x-order-token': mine.token },
    });
    expect(seen).toMatchObject({ status: 200, body: { id: res.body.id } });
    const listed = await callRoute(listRoute, '/api/returns', { headers: { 'x-order-token': theirs.token } });
    expect(listed.body).toEqual([]);
  });

  it('shows a return to its customer and admins only (another customer: 404), and lists each their own', async () => {
    const order = await deliveredOrder(customer.email);
    const created = (await ask(order.id, notNeeded(order))).body;
    const read = (as: As) => callRoute(getReturnRoute, `/api/returns/${created.id}`, { params: { id: created.id }, as });
    expect((await read(customer)).status).toBe(200);
    expect((await read(admin)).status).toBe(200);
    expect((await read(other)).status).toBe(404);
    expect((await read(null)).status).toBe(401);
    const own = await callRoute<ReturnDTO[]>(listRoute, '/api/returns', { as: customer });
    expect(own.body.map((ret) => ret.id)).toContain(created.id);
    expect(own.body.every((ret) => ret.email === customer.email)).toBe(true);
    expect((await callRoute<ReturnDTO[]>(listRoute, '/api/returns', { as: other })).body).toEqual([]);
  });

  it('filters the admin’s queue by state and reason', async () => {
    const order = await deliveredOrder(other.email, { lines: THREE_LINES });
    const damaged = (await ask(order.id, { lines: [{ partId: order.partIds[0], quantity: 1 }], reason: 'damaged' }, other)).body;
    const spare = (await ask(order.id, notNeeded(order, 2), other)).body;
    await step(spare.id, { action: 'approve' });
    const list = (query: string) => callRoute<ReturnDTO[]>(listRoute, `/api/returns?${query}`, { as: admin });
    const byReason = await list('reason=damaged&limit=100');
    expect(byReason.body.map((ret) => ret.id)).toContain(damaged.id);
    expect(byReason.body.every((ret) => ret.reason === 'damaged')).toBe(true);
    const approved = await list('state=approved&limit=100');
    expect(approved.body.map((ret) => ret.id)).toEqual(expect.arrayContaining([spare.id]));
    expect(approved.body.every((ret) => ret.state === 'approved')).toBe(true);
    expect(Number(approved.headers.get('x-total-count'))).toBe(approved.body.length);
    expect((await list('state=lost')).status).toBe(400);
  });
});
