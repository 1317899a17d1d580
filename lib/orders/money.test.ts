import { POST as createIntentRoute } from '@/app/api/create-payment-intent/route';
import { POST as placeOrderRoute } from '@/app/api/order/route';
import { orderTotalCents } from '@/lib/orders/money';
import { markOrderPaid } from '@/lib/orders';
import { getAdminOverview } from '@/lib/orders/overview';
import type { UserDTO } from '@/lib/auth/users';
import { PaymentIntent } from '@/models';
import { callRoute } from '@/tests/helpers/api';
import { asActor, makePart, makeUser } from '@/tests/helpers/factories';

// A spy that calls the real function: it records which totals the callers got from it, nothing else changes.
jest.mock('@/lib/orders/money', () => {
  const actual = jest.requireActual<typeof import('@/lib/orders/money')>('@/lib/orders/money');
  return { ...actual, orderTotalCents: jest.fn(actual.orderTotalCents) };
});
const spy = jest.mocked(orderTotalCents);

const CONTACT = { address: '12 Mill Road, Leeds', phone: '+44 113 496 0200' };

let customer: UserDTO;
let admin: UserDTO;

beforeAll(async () => {
  customer = await makeUser({ name: 'Molly Money' });
  admin = await makeUser({ admin: true });
});

beforeEach(() => spy.mockClear());

async function placeOrder(price: number, quantity: number): Promise<string> {
  const partId = await makePart({ price, stock: 20 });
  const res = await callRoute(placeOrderRoute, '/api/order', { method: 'POST', as: customer, body: { partId, ...CONTACT, quantity } });
  expect(res.status).toBe(201);
  return res.body.insertedId as string;
}

/** The totals the spy answered for orders of this unit price and quantity. */
const answersFor = (price: number, quantity: number): number[] =>
  spy.mock.calls.flatMap(([order], i) =>
    order.price === price && order.quantity === quantity ? [spy.mock.results[i]!.value as number] : [],
  );

describe("an order's money", () => {
  it('is the unit price in cents times the quantity, with no floating-point drift', () => {
    expect(orderTotalCents({ price: 19.99, quantity: 3 })).toBe(5997);
    expect(orderTotalCents({ price: 0.1, quantity: 3 })).toBe(30);
    expect(orderTotalCents({ price: 1234.56, quantity: 7 })).toBe(864192);
  });

  it('is the payment amount the gateway is asked for', async () => {
    const orderId = await placeOrder(19.99, 3);
    spy.mockClear();
    const res = await callRoute(createIntentRoute, '/api/create-payment-intent', { method: 'POST', as: customer, body: { orderId } });
    expect(res.status).toBe(200);
    const answers = answersFor(19.99, 3);
    expect(answers).toEqual([5997]);
    expect(res.body.amount).toBe(59.97);
    const stored = await PaymentIntent.findOne({ clientSecret: res.body.clientSecret }).lean();
    expect(stored).toMatchObject({ amount: 5997, orderId });
  });

  it("is what the admin overview's revenue adds up", async () => {
    const paid = [await placeOrder(0.1, 3), await placeOrder(1234.56, 7)];
    for (const id of paid) {
      const result = await markOrderPaid(asActor(customer), id, `pi_money_${id}`, async (payable) => ({
        intentId: `pi_money_${id}`,
        amountCents: payable.totalCents,
      }));
      expect(result.outcome).toBe('paid');
    }
    spy.mockClear();
    const overview = await getAdminOverview(asActor(admin));
    const answers = [...answersFor(0.1, 3), ...answersFor(1234.56, 7)];
    expect(answers).toEqual([30, 864192]);
    // The earlier test's order is not paid, so these two orders are the whole revenue.
    expect(overview.revenueCents).toBe(30 + 864192);
    expect(overview.revenue.at(-1)!.cents).toBe(864222);
    expect(overview.revenue.at(-1)!.orders).toBe(2);
  });
});
