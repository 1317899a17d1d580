import { DELETE as cancelRoute } from '@/app/api/order/[id]/route';
import { POST as placeOrderRoute } from '@/app/api/order/route';
import { sumStockMoves } from '@/lib/stock';
import type { UserDTO } from '@/lib/auth/users';
import { Order, OrderOutcome, Part, StockMove } from '@/models';
import { callRoute } from '@/tests/helpers/api';
import { makePart, makeUser } from '@/tests/helpers/factories';

const CONTACT = { address: '12 Mill Road, Leeds', phone: '+44 113 496 0200' };
const stockOf = async (partId: string) => (await Part.findById(partId).lean())!.availableQuantity;

let customer: UserDTO;
let admin: UserDTO;

beforeAll(async () => {
  customer = await makeUser({ name: 'Paula Payer' });
  admin = await makeUser({ name: 'Adam Admin', admin: true });
});

describe('DELETE /api/order/{id} while a payment is being recorded', () => {
  it('refuses to cancel an order whose payment claimed the outcome but is not yet marked paid: 409, and no stock comes back', async () => {
    const partId = await makePart({ stock: 5 });
    const placed = await callRoute(placeOrderRoute, '/api/order', {
      method: 'POST',
      as: customer,
      body: { partId, ...CONTACT, quantity: 2 },
    });
    expect(placed.status).toBe(201);
    const id = placed.body.insertedId as string;
    expect(await stockOf(partId)).toBe(3);
    // The payment won the order's outcome; marking the order paid has not happened yet.
    await OrderOutcome.create({ orderId: id, outcome: 'paid', intentId: `pi_claimed_${id}`, amountCents: 100 });
    expect((await Order.findById(id).lean())!.paid).toBeFalsy();

    for (const as of [customer, admin]) {
      const res = await callRoute(cancelRoute, `/api/order/${id}`, { method: 'DELETE', params: { id }, as });
      expect(res.status).toBe(409);
      expect(res.body.error).toMatch(/paid/i);
    }
    expect(await stockOf(partId)).toBe(3);
    expect((await sumStockMoves(partId)).total).toBe(3);
    expect(await StockMove.countDocuments({ partId, reason: 'cancel' })).toBe(0);
    const stored = await Order.findById(id).lean();
    expect(stored!.cancelledAt ?? null).toBeNull();
    expect(await OrderOutcome.countDocuments({ orderId: id })).toBe(1);
  });
});
