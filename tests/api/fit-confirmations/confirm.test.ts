import { POST as confirmRoute } from '@/app/api/parts/[id]/fit-confirmations/route';
import type { UserDTO } from '@/lib/auth/users';
import { replaceFitment } from '@/lib/catalog';
import {
  ALREADY_ANSWERED,
  baseVehicleKey,
  fitRowKey,
  fitToken,
  getCachedFitCounts,
  NO_VEHICLE,
  NOT_DELIVERED,
  ONLY_BUYERS,
  readFitCounts,
} from '@/lib/fit-confirmations';
import { ORDER_TOKEN_HEADER } from '@/lib/orders';
import { LINK_NOT_VALID, SAY_IF_IT_FITS } from '@/lib/validations/fit-confirmations';
import { FitConfirmation, FitTally, Order } from '@/models';
import { callRoute, type As } from '@/tests/helpers/api';
import { makeUser, newObjectId } from '@/tests/helpers/factories';
import { deliveredOrder, type DeliveredOrder } from '@/tests/helpers/returns';

let customer: UserDTO;
let other: UserDTO;
let admin: UserDTO;

beforeAll(async () => {
  customer = await makeUser({ name: 'Fiona Fitter' });
  other = await makeUser();
  admin = await makeUser({ admin: true });
});

const COROLLA = { year: 2016, make: 'Toyota', model: 'Corolla' };
const COROLLA_KEY = baseVehicleKey(COROLLA);
const LINES = [
  { priceCents: 4000, quantity: 1, fitVehicle: '2016 Toyota Corolla 1.8L' },
  { priceCents: 1250, quantity: 2 },
];

type Options = { as?: As; headers?: Record<string, string> };
const confirm = (partId: string, body: unknown, { as = customer, headers = {} }: Options = {}) =>
  callRoute(confirmRoute, `/api/parts/${partId}/fit-confirmations`, { method: 'POST', params: { id: partId }, body, as, headers });
const answers = (order: DeliveredOrder) => FitConfirmation.countDocuments({ orderId: order.id });
const corollaCount = async (partId: string) => (await readFitCounts(partId)).vehicles[COROLLA_KEY] ?? 0;

describe('POST /api/parts/{id}/fit-confirmations', () => {
  it('counts a Yes once on the part and vehicle: a second Yes or a No on the line is 409 and changes nothing', async () => {
    const order = await deliveredOrder(customer.email, { lines: LINES });
    const [partId] = order.partIds as [string];
    const res = await confirm(partId, { orderId: order.id, fits: true });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ orderId: order.id, partId, fits: true, vehicle: '2016 Toyota Corolla 1.8L', returnUrl: null });
    expect(await FitConfirmation.findById(`${order.id}:${partId}`).lean()).toMatchObject({
      fits: true,
      via: 'order',
      vehicleKey: COROLLA_KEY,
    });
    expect(await corollaCount(partId)).toBe(1);

    for (const fits of [true, false]) {
      const again = await confirm(partId, { orderId: order.id, fits });
      expect(again).toMatchObject({ status: 409, body: { error: ALREADY_ANSWERED } });
    }
    expect(await corollaCount(partId)).toBe(1);
    expect(await answers(order)).toBe(1);
  });

  it('counts once when the same line is answered ten times at once', async () => {
    const order = await deliveredOrder(customer.email, { lines: LINES });
    const results = await Promise.all(Array.from({ length: 10 }, () => confirm(order.partIds[0]!, { orderId: order.id, fits: true })));
    expect(results.map((r) => r.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    expect(await corollaCount(order.partIds[0]!)).toBe(1);
  });

  it('adds up the buyers of one part and vehicle, read by the part id', async () => {
    const first = await deliveredOrder(customer.email, { lines: LINES });
    const partId = first.partIds[0]!;
    const second = await deliveredOrder(other.email, { lines: LINES });
    // The second order bought the same part: point its line at it.
    await Order.updateOne({ _id: second.id }, { $set: { 'lines.0.partId': partId, partId } });
    expect((await confirm(partId, { orderId: first.id, fits: true })).status).toBe(201);
    expect((await confirm(partId, { orderId: second.id, fits: true }, { as: other })).status).toBe(201);
    expect(await FitTally.findById(partId).lean()).toMatchObject({ upTo: 2, vehicles: { [COROLLA_KEY]: 2 } });
    expect((await getCachedFitCounts(partId)).vehicles[COROLLA_KEY]).toBe(2);
    // A fold written late by a slower answer is behind, never wrong: the slots after it are added on every read.
    await FitTally.updateOne({ _id: partId }, { $set: { upTo: 1, vehicles: { [COROLLA_KEY]: 1 } } });
    expect(await corollaCount(partId)).toBe(2);
  });

  it('counts every buyer when twelve of them answer Yes at the same moment', async () => {
    const orders = await Promise.all(
      Array.from({ length: 12 }, () => deliveredOrder('same-moment@example.com', { lines: LINES, guest: true })),
    );
    const partId = orders[0]!.partIds[0]!;
    await Promise.all(orders.slice(1).map((order) => Order.updateOne({ _id: order.id }, { $set: { 'lines.0.partId': partId, partId } })));
    const results = await Promise.all(
      orders.map((order) => confirm(partId, { orderId: order.id, fits: true, token: fitToken(order.id, partId) }, { as: null })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(201));
    expect(await corollaCount(partId)).toBe(12);
  });

  it('counts on the fitment row the line was bought for, when one row is left for its vehicle', async () => {
    const order = await deliveredOrder(customer.email, { lines: LINES });
    const partId = order.partIds[0]!;
    const rows = [
      { make: 'Toyota', model: 'Corolla', yearFrom: 2014, yearTo: 2018, engine: '1.8L' },
      { make: 'Toyota', model: 'Corolla', yearFrom: 2014, yearTo: 2018, engine: '2.0L' },
    ];
    await replaceFitment(partId, rows);
    expect((await confirm(partId, { orderId: order.id, fits: true })).status).toBe(201);
    expect(await readFitCounts(partId)).toEqual({ vehicles: { [COROLLA_KEY]: 1 }, rows: { [fitRowKey(rows[0]!)]: 1 } });
    // The part page keys its table's rows as they are shown: the same key as the row stored.
    const shown = { ...rows[0]!, notes: null, subModel: null, position: null, quantity: null, qualifiers: [] };
    expect(fitRowKey(shown)).toBe(fitRowKey(rows[0]!));
    expect(fitRowKey(rows[1]!)).not.toBe(fitRowKey(rows[0]!));
  });

  it('refuses everyone but the buyer: another customer 404, an admin 403, nobody 401; nothing is stored', async () => {
    const order = await deliveredOrder(customer.email, { lines: LINES });
    const partId = order.partIds[0]!;
    expect((await confirm(partId, { orderId: order.id, fits: true }, { as: other })).status).toBe(404);
    expect(await confirm(partId, { orderId: order.id, fits: true }, { as: admin })).toMatchObject({
      status: 403,
      body: { error: ONLY_BUYERS },
    });
    expect((await confirm(partId, { orderId: order.id, fits: true }, { as: null })).status).toBe(401);
    expect(await answers(order)).toBe(0);
    expect(await corollaCount(partId)).toBe(0);
  });

  it("takes a guest's order link, and the email's signed token without a sign-in, for that line only", async () => {
    const guest = await deliveredOrder('guest-fit@example.com', { lines: LINES, guest: true });
    const res = await confirm(
      guest.partIds[0]!,
      { orderId: guest.id, fits: true },
      { as: null, headers: { [ORDER_TOKEN_HEADER]: guest.token } },
    );
    expect(res.status).toBe(201);

    const order = await deliveredOrder(customer.email, { lines: LINES });
    const [partId, plainPart] = order.partIds as [string, string];
    const token = fitToken(order.id, partId);
    const refused = [
      { orderId: order.id, fits: true, token: fitToken(order.id, plainPart) },
      { orderId: guest.id, fits: true, token },
      { orderId: order.id, fits: true, token: `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}` },
    ];
    for (const body of refused)
      expect(await confirm(partId, body, { as: null })).toMatchObject({ status: 403, body: { error: LINK_NOT_VALID } });
    expect(await answers(order)).toBe(0);
    expect((await confirm(partId, { orderId: order.id, fits: true, token }, { as: null })).status).toBe(201);
    expect(await FitConfirmation.findById(`${order.id}:${partId}`).lean()).toMatchObject({ via: 'email' });
    expect((await confirm(partId, { orderId: order.id, fits: true, token }, { as: null })).status).toBe(409);
  });

  it('records a No without counting it, and points to the return form with "does not fit" chosen', async () => {
    const order = await deliveredOrder(customer.email, { lines: LINES });
    const guest = await deliveredOrder('guest-no@example.com', { lines: LINES, guest: true });
    const res = await confirm(order.partIds[0]!, { orderId: order.id, fits: false });
    expect(res).toMatchObject({
      status: 201,
      body: { fits: false, returnUrl: `/dashboard/orders/${order.id}?return=does-not-fit&part=${order.partIds[0]}` },
    });
    expect(await readFitCounts(order.partIds[0]!)).toEqual({ vehicles: {}, rows: {} });
    const guestNo = await confirm(
      guest.partIds[0]!,
      { orderId: guest.id, fits: false },
      { as: null, headers: { [ORDER_TOKEN_HEADER]: guest.token } },
    );
    expect(guestNo.body.returnUrl).toMatch(new RegExp(`^/orders/${guest.id}\\?t=[\\w.-]+&return=does-not-fit&part=${guest.partIds[0]}$`));
  });

  it('refuses a line with no vehicle and an order not delivered (409), a part not in the order (404)', async () => {
    const order = await deliveredOrder(customer.email, { lines: LINES });
    const shipped = await deliveredOrder(customer.email, { lines: LINES, daysAgo: null });
    expect(await confirm(order.partIds[1]!, { orderId: order.id, fits: true })).toMatchObject({ status: 409, body: { error: NO_VEHICLE } });
    expect(await confirm(shipped.partIds[0]!, { orderId: shipped.id, fits: true })).toMatchObject({
      status: 409,
      body: { error: NOT_DELIVERED },
    });
    expect((await confirm(newObjectId(), { orderId: order.id, fits: true })).status).toBe(404);
    expect((await confirm('not-an-id', { orderId: order.id, fits: true })).status).toBe(404);
    expect(await answers(order)).toBe(0);
    expect(await answers(shipped)).toBe(0);
  });

  it.each([
    [{ orderId: 'x', fits: true }, 'orderId'],
    [{ orderId: { $ne: null }, fits: true }, 'orderId'],
    [{ fits: 'yes' }, 'fits'],
    [{ orderId: 'ORDER', fits: true, extra: 1 }, ''],
    [{ orderId: 'ORDER', fits: true, token: 'not a token' }, 'token'],
  ])('answers 400 with field errors for %j and stores nothing', async (input, field) => {
    const order = await deliveredOrder(customer.email, { lines: LINES });
    const body = JSON.parse(JSON.stringify(input).replace('"ORDER"', `"${order.id}"`)) as Record<string, unknown>;
    const res = await confirm(order.partIds[0]!, body);
    expect(res.status).toBe(400);
    if (field) expect(res.body.fieldErrors[field]).toBeDefined();
    if (field === 'fits') expect(res.body.fieldErrors.fits).toEqual([SAY_IF_IT_FITS]);
    expect(await answers(order)).toBe(0);
  });
});
