import { DELETE as cancelRoute } from '@/app/api/order/[id]/route';
import { POST as placeOrderRoute } from '@/app/api/order/route';
import { expireUnpaidOrders } from '@/lib/orders';
import type { UserDTO } from '@/lib/auth/users';
import { DiscountRedemption, Order, Part } from '@/models';
import { callRoute } from '@/tests/helpers/api';
import { makeCode, makeZone } from '@/tests/helpers/checkout';
import { shopper } from '@/tests/helpers/shopper';
import { withEnv } from '@/tests/helpers/env';
import { makePart, makeUser } from '@/tests/helpers/factories';

/** An unpaid order (lib/orders/orders.ts): cancelled by its customer, its link or an admin, or at the end of its hold. */

let zone: { standard: string };
let customer: UserDTO;
let admin: UserDTO;
const ADDRESS = { name: 'Una Unpaid', line1: '3 Quay Road', city: 'Leeds', postalCode: 'LS1 5AA', country: 'GB' };
const PHONE = '+44 113 496 0204';

beforeAll(async () => {
  zone = await makeZone({ countries: ['GB'] });
  customer = await makeUser({ name: 'Una Unpaid' });
  admin = await makeUser({ admin: true });
});

/** A checkout of one part with `code`, as the customer or as a guest: the order's id and its link's token. */
async function checkoutWith(code: string, as: UserDTO | null, email: string): Promise<{ id: string; token: string }> {
  const b = shopper(as ?? undefined);
  await b.add(await makePart({ price: 40, stock: 10 }), 1);
  const res = await b.checkout({
    ...(as ? {} : { email }),
    address: ADDRESS,
    phone: PHONE,
    shippingMethod: zone.standard,
    discountCode: code,
  });
  expect(res.status).toBe(201);
  return { id: res.body.orderId, token: new URL(res.body.orderUrl, 'http://x').searchParams.get('t') ?? '' };
}

describe('cancelling an unpaid order', () => {
  it.each([
    ['its customer', 'customer'],
    ['its guest link', 'link'],
    ['an admin', 'admin'],
  ] as const)("by %s gives the code's use and its once-per-customer mark back", async (_, by) => {
    const code = `ONCE${by.toUpperCase()}`;
    await makeCode(code, { kind: 'fixed', amountCents: 500, maxUses: 1, oncePerCustomer: true });
    const buyer = by === 'link' ? null : customer;
    const email = buyer?.email ?? `guest.${by}@example.com`;
    const { id, token } = await checkoutWith(code, buyer, email);
    const uses = await DiscountRedemption.find({ orderId: id }).lean();
    expect(uses.map((use) => String(use._id)).sort()).toEqual([`${code}#1`, `${code}@${email}`]);

    const cancelled = await callRoute(cancelRoute, `/api/order/${id}`, {
      method: 'DELETE',
      params: { id },
      ...(by === 'link' ? { headers: { 'x-order-token': token }, origin: null } : { as: by === 'admin' ? admin : customer }),
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ deletedCount: 1 });
    expect(await DiscountRedemption.countDocuments({ code })).toBe(0);
    // The one use and this email's once are free again: the same buyer uses the code again.
    const again = await checkoutWith(code, buyer, email);
    expect(await Order.findById(again.id).lean()).toMatchObject({ discount: { code, amountCents: 500 } });
  });
});

describe("an unpaid order's hold", () => {
  it.each([
    ['a checkout', async () => (await checkoutWith('', null, 'hold.guest@example.com')).id],
    [
      "the spec's POST /api/order",
      async () => {
        const partId = await makePart({ price: 10, stock: 10 });
        const body = { partId, address: '3 Quay Road, Leeds', phone: PHONE, quantity: 1 };
        const res = await callRoute(placeOrderRoute, '/api/order', { method: 'POST', as: customer, body });
        expect(res.status).toBe(201);
        return res.body.insertedId as string;
      },
    ],
  ])('placed by %s ends its hold minutes after placing, no later', async (_, place) => {
    // A verified customer's hold is ORDER_HOLD_MINUTES, a guest's GUEST_HOLD_MINUTES (lib/orders/holds covers which is which).
    await withEnv({ ORDER_HOLD_MINUTES: '7', GUEST_HOLD_MINUTES: '7' }, async () => {
      const before = Date.now();
      const id = await place();
      const after = Date.now();
      const { holdUntil } = (await Order.findById(id).lean())!;
      expect(holdUntil!.getTime()).toBeGreaterThanOrEqual(before + 7 * 60_000);
      expect(holdUntil!.getTime()).toBeLessThanOrEqual(after + 7 * 60_000);

      // A moment before it ends, the order holds; at its end it is cancelled and its stock returns.
      expect((await expireUnpaidOrders(new Date(holdUntil!.getTime() - 1))).expired).toBe(0);
      expect((await Order.findById(id).lean())!.cancelledAt).toBeNull();
      expect((await expireUnpaidOrders(holdUntil!)).expired).toBe(1);
      const order = (await Order.findById(id).lean())!;
      expect(order).toMatchObject({ cancelledBy: 'system', paid: false });
      expect((await Part.findById(order.partId).lean())!.availableQuantity).toBe(10);
    });
  });
});
