import { POST as requestRoute } from '@/app/api/orders/[id]/returns/route';
import { PATCH as stepRoute } from '@/app/api/returns/[id]/route';
import type { UserDTO } from '@/lib/auth/users';
import { listHeldDeposits } from '@/lib/returns/held-deposits';
import type { ReturnDTO } from '@/lib/returns/types';
import { Order } from '@/models';
import { callRoute } from '@/tests/helpers/api';
import { asActor, makeUser } from '@/tests/helpers/factories';
import { deliveredOrder, type DeliveredOrder } from '@/tests/helpers/returns';

/** The deposits still held (the returns queue's panel): cores paid for whose refund or forfeit is not claimed yet. */

let customer: UserDTO;
let admin: UserDTO;

beforeAll(async () => {
  customer = await makeUser({ name: 'Hal Held' });
  admin = await makeUser({ admin: true });
});

const step = (id: string, body: Record<string, unknown>) =>
  callRoute<ReturnDTO>(stepRoute, `/api/returns/${id}`, { method: 'PATCH', params: { id }, body, as: admin });

async function settleCores(order: DeliveredOrder, quantity: number, outcome: Record<string, unknown>) {
  const res = await callRoute<ReturnDTO>(requestRoute, `/api/orders/${order.id}/returns`, {
    method: 'POST',
    params: { id: order.id },
    body: { lines: [{ partId: order.partIds[0], quantity }], reason: 'core-return' },
    as: customer,
  });
  expect(res.status).toBe(201);
  for (const body of [{ action: 'approve' }, { action: 'receive' }, { action: 'refund', ...outcome }])
    expect((await step(res.body.id, body)).status).toBe(200);
}

describe('the deposits still held', () => {
  it('count every paid core not yet refunded or forfeited, per order and in total, for admins only', async () => {
    const three = await deliveredOrder(customer.email, {
      lines: [
        { priceCents: 15_000, quantity: 3, coreCents: 4500 },
        { priceCents: 1000, quantity: 1 },
      ],
      tax: { ratePcm: 20_000, taxShipping: false },
    });
    const shipped = await deliveredOrder(customer.email, { lines: [{ priceCents: 9000, quantity: 1, coreCents: 3050 }], daysAgo: null });
    const unpaid = await deliveredOrder(customer.email, { lines: [{ priceCents: 9000, quantity: 1, coreCents: 1000 }] });
    await Order.updateOne({ _id: unpaid.id }, { paid: false });
    const cancelled = await deliveredOrder(customer.email, { lines: [{ priceCents: 9000, quantity: 1, coreCents: 1000 }] });
    await Order.updateOne({ _id: cancelled.id }, { cancelledAt: new Date() });
    await deliveredOrder(customer.email, { lines: [{ priceCents: 9000, quantity: 2 }] });

    const held = await listHeldDeposits(asActor(admin));
    expect(held).toMatchObject({ cores: 4, total: 165.5 });
    expect(held.orders.map((order) => order.orderId).sort()).toEqual([three.id, shipped.id].sort());
    expect(held.orders.find((order) => order.orderId === three.id)).toMatchObject({
      amount: 135,
      lines: [{ partId: three.partIds[0], unitPrice: 45, quantity: 3, amount: 135 }],
    });

    // Refunded in full, in part, or forfeited: each settled core leaves the total (tax shares are not deposits).
    await settleCores(three, 1, { core: 'full' });
    expect(await listHeldDeposits(asActor(admin))).toMatchObject({ cores: 3, total: 120.5 });
    await settleCores(three, 1, { core: 'partial', amount: 10, reason: 'Worn' });
    await settleCores(three, 1, { core: 'forfeit', reason: 'Seized' });
    const after = await listHeldDeposits(asActor(admin));
    expect(after).toMatchObject({ cores: 1, total: 30.5 });
    expect(after.orders.map((order) => order.orderId)).toEqual([shipped.id]);

    await expect(listHeldDeposits(asActor(customer))).rejects.toMatchObject({ status: 403 });
  });
});
