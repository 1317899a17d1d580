import { POST as requestRoute } from '@/app/api/orders/[id]/returns/route';
import { PATCH as stepRoute } from '@/app/api/returns/[id]/route';
import type { UserDTO } from '@/lib/auth/users';
import { wrongFitRate, wrongFitRates } from '@/lib/returns/wrong-fit-rate';
import { callRoute } from '@/tests/helpers/api';
import { asActor, makePart, makeUser } from '@/tests/helpers/factories';
import { deliveredOrder, type OrderLineSpec } from '@/tests/helpers/returns';

let customer: UserDTO;
let admin: UserDTO;

beforeAll(async () => {
  customer = await makeUser();
  admin = await makeUser({ admin: true });
});

const COROLLA = '2016 Toyota Corolla';

async function order(lines: OrderLineSpec[], daysAgo: number | null = 3) {
  return deliveredOrder(customer.email, { lines, daysAgo });
}

async function ask(orderId: string, partId: string, quantity: number, reason: string, vehicle = COROLLA) {
  const body = { lines: [{ partId, quantity }], reason, ...(reason === 'does-not-fit' ? { vehicle, mismatch: 'Wrong bolt pattern' } : {}) };
  const res = await callRoute<{ id: string }>(requestRoute, `/api/orders/${orderId}/returns`, {
    method: 'POST',
    params: { id: orderId },
    body,
    as: customer,
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

describe('wrongFitRate', () => {
  it.each([
    [1, 4, 0.25],
    [3, 3, 1],
    [0, 7, 0],
    [2, 0, null],
  ])('%i returned over %i delivered is %p', (returned, delivered, rate) => {
    expect(wrongFitRate(returned, delivered)).toBe(rate);
  });
});

describe('wrongFitRates', () => {
  it('divides "does not fit" units by delivered units per part, brand and vehicle, worst first', async () => {
    const [a, b, c] = await Promise.all([
      makePart({ brand: 'Akebono', name: 'Pads A' }),
      makePart({ brand: 'Akebono', name: 'Pads B' }),
      makePart({ brand: 'Bosch', name: 'Rotor C' }),
    ]);
    const first = await order([{ priceCents: 2000, quantity: 3, partId: a, fitVehicle: COROLLA }]);
    await order([{ priceCents: 2000, quantity: 1, partId: a }]);
    // Shipped, not delivered: not counted.
    await order([{ priceCents: 2000, quantity: 5, partId: a }], null);
    const second = await order([{ priceCents: 3000, quantity: 2, partId: b, fitVehicle: COROLLA }]);
    const third = await order([{ priceCents: 5000, quantity: 4, partId: c }]);
    await ask(first.id, a, 1, 'does-not-fit');
    // The same vehicle, spelled with other case and spacing.
    await ask(second.id, b, 2, 'does-not-fit', '2016 toyota  Corolla');
    // Another reason, and a rejected "does not fit": neither counts.
    await ask(third.id, c, 1, 'damaged');
    const other = await order([{ priceCents: 5000, quantity: 1, partId: c }]);
    const rejected = await ask(other.id, c, 1, 'does-not-fit');
    const rejectRes = await callRoute(stepRoute, `/api/returns/${rejected}`, {
      method: 'PATCH',
      params: { id: rejected },
      body: { action: 'reject', reason: 'It fits: the bracket was on backwards' },
      as: admin,
    });
    expect(rejectRes.status).toBe(200);

    const rates = await wrongFitRates(asActor(admin));
    expect(rates.parts).toEqual([
      { key: b, label: 'Pads B', returned: 2, delivered: 2, rate: 1 },
      { key: a, label: 'Pads A', returned: 1, delivered: 4, rate: 0.25 },
    ]);
    expect(rates.brands).toEqual([{ key: 'akebono', label: 'Akebono', returned: 3, delivered: 6, rate: 0.5 }]);
    expect(rates.vehicles).toEqual([{ key: '2016 toyota corolla', label: COROLLA, returned: 3, delivered: 5, rate: 0.6 }]);
  });

  it('is for admins only', async () => {
    await expect(wrongFitRates(asActor(customer))).rejects.toMatchObject({ status: 403 });
  });
});
