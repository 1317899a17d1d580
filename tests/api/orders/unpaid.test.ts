import { DELETE as cancelRoute } from '@/app/api/order/[id]/route';
import { POST as placeOrderRoute } from '@/app/api/order/route';
import type { UserDTO } from '@/lib/auth/users';
import { lastUnpaidOrder } from '@/lib/orders';
import { guestOrderToken, LAST_ORDER_COOKIE } from '@/lib/orders/guest-links';
import { Order } from '@/models';
import { callRoute } from '@/tests/helpers/api';
import { makeCode, makeZone } from '@/tests/helpers/checkout';
import { asActor, makePart, makeUser } from '@/tests/helpers/factories';
import { payByCard, shopper, tokenOf } from '@/tests/helpers/shopper';

/**
 * The order a buyer still has to pay (issue 44): what the cart page offers instead of an empty cart, and
 * where "Place order and pay" goes: the card form.
 */

let standard: string;
const ADDRESS = { name: 'Una Unpaid', line1: '3 Mill Road', city: 'Leeds', postalCode: 'LS2 7HX', country: 'GB' };
const PHONE = '+44 113 496 0400';

beforeAll(async () => {
  ({ standard } = await makeZone({ countries: ['GB'], freeOverCents: 0 }));
});

async function checkout(as: UserDTO | undefined, email?: string, discountCode?: string) {
  const b = shopper(as);
  expect((await b.add(await makePart({ price: 30, stock: 10 }), 2)).status).toBe(201);
  const res = await b.checkout({
    ...(email ? { email } : {}),
    ...(discountCode ? { discountCode } : {}),
    address: ADDRESS,
    phone: PHONE,
    shippingMethod: standard,
  });
  expect(res.status).toBe(201);
  return res;
}

const cookieOf = (setCookie: string | null, name: string) =>
  setCookie
    ?.split(/,\s*(?=[\w.-]+=)/)
    .find((cookie) => cookie.startsWith(`${name}=`))
    ?.split(';')
    .map((part) => part.trim());

describe('where "Place order and pay" goes (the checkout answer)', () => {
  it("a customer goes to the order's payment page; a guest to the order's signed page, which holds the card form", async () => {
    const customer = await makeUser();
    const mine = await checkout(customer);
    expect(mine.body).toMatchObject({
      orderUrl: `/dashboard/orders/${mine.body.orderId}`,
      payUrl: `/dashboard/payment/${mine.body.orderId}`,
    });
    const guest = await checkout(undefined, `guest${Date.now()}@example.com`);
    expect(guest.body.payUrl).toBe(guest.body.orderUrl);
    expect(guest.body.payUrl).toMatch(new RegExp(`^/orders/${guest.body.orderId}\\?t=`));
  });

  it('a customer whose order costs nothing (paid as placed) goes to the order itself', async () => {
    await makeCode('ALLOFF', { kind: 'percent', percent: 100 });
    const customer = await makeUser();
    const free = await checkout(customer, undefined, 'ALLOFF');
    expect(free.body).toMatchObject({ total: 0, payUrl: `/dashboard/orders/${free.body.orderId}` });
    expect(await lastUnpaidOrder(asActor(customer))).toBeNull();
  });

  it("a guest's checkout leaves the order's token in an http-only cookie for the guest hold; a customer's leaves none", async () => {
    const email = `keeper${Date.now()}@example.com`;
    const guest = await checkout(undefined, email);
    const cookie = cookieOf(guest.headers.get('set-cookie'), LAST_ORDER_COOKIE)!;
    expect(cookie[0]).toBe(`${LAST_ORDER_COOKIE}=${tokenOf(guest.body.orderUrl)}`);
    expect(cookie).toEqual(expect.arrayContaining(['HttpOnly', 'Path=/', 'Max-Age=900', 'SameSite=lax']));
    const customer = await checkout(await makeUser());
    expect(cookieOf(customer.headers.get('set-cookie'), LAST_ORDER_COOKIE)).toBeUndefined();
  });
});

describe("the buyer's order still to pay (lastUnpaidOrder)", () => {
  it("a customer's most recent unpaid order, with its payment page; none once it is paid or cancelled", async () => {
    const customer = await makeUser();
    const actor = asActor(customer);
    expect(await lastUnpaidOrder(actor)).toBeNull();
    const first = await checkout(customer);
    const second = await checkout(customer);
    expect(await lastUnpaidOrder(actor)).toMatchObject({
      order: { _id: second.body.orderId, number: second.body.orderNumber, total: 60 },
      payUrl: `/dashboard/payment/${second.body.orderId}`,
    });
    expect((await payByCard(second.body.orderId, { as: customer })).paid?.status).toBe(200);
    expect((await lastUnpaidOrder(actor))?.order._id).toBe(first.body.orderId);
    const cancelled = await callRoute(cancelRoute, '/x', { method: 'DELETE', as: customer, params: { id: first.body.orderId } });
    expect(cancelled.status).toBe(200);
    expect(await lastUnpaidOrder(actor)).toBeNull();
  });

  it("counts the minutes left to pay, and offers nothing once the hold has run out (the job's cancel may not have run yet)", async () => {
    const customer = await makeUser();
    const placed = await checkout(customer);
    const holdUntil = (await Order.findById(placed.body.orderId).lean())!.holdUntil!.getTime();
    const at = (now: number) => lastUnpaidOrder(asActor(customer), null, now).then((unpaid) => unpaid?.minutesLeft ?? null);
    expect(await at(holdUntil - 60_001)).toBe(2);
    expect(await at(holdUntil - 60_000)).toBe(1);
    expect(await at(holdUntil - 1)).toBe(1);
    expect(await at(holdUntil)).toBeNull();
    expect(await at(holdUntil + 1)).toBeNull();
  });

  it("offers a spec order placed from a part page too, and never another customer's, nor anything to an admin", async () => {
    const customer = await makeUser();
    const part = await makePart({ price: 12.5, stock: 4 });
    const res = await callRoute(placeOrderRoute, '/api/order', {
      method: 'POST',
      as: customer,
      body: { partId: part, address: '3 Mill Road, Leeds', phone: PHONE, quantity: 1 },
    });
    expect(res.status).toBe(201);
    expect((await lastUnpaidOrder(asActor(customer)))?.order._id).toBe(res.body.insertedId);
    expect(await lastUnpaidOrder(asActor(await makeUser()))).toBeNull();
    expect(await lastUnpaidOrder(asActor(await makeUser({ admin: true })))).toBeNull();
  });

  it('an account sees an unpaid guest order of its email only once the email is verified', async () => {
    const email = `later${Date.now()}@example.com`;
    const guest = await checkout(undefined, email);
    const unverified = await makeUser({ email, verified: false });
    expect(await lastUnpaidOrder(asActor(unverified))).toBeNull();
    expect((await lastUnpaidOrder({ ...asActor(unverified), emailVerified: true }))?.order._id).toBe(guest.body.orderId);
  });

  it("a guest's by the token of its link: that order and its signed page; nothing for a forged, altered or missing token", async () => {
    const email = `tokened${Date.now()}@example.com`;
    const guest = await checkout(undefined, email);
    const token = tokenOf(guest.body.orderUrl);
    expect(await lastUnpaidOrder(null, token)).toMatchObject({
      order: { _id: guest.body.orderId, guest: true },
      payUrl: `/orders/${guest.body.orderId}?t=${token}`,
    });
    expect(await lastUnpaidOrder(null, null)).toBeNull();
    expect(await lastUnpaidOrder(null, `${token}x`)).toBeNull();
    expect(await lastUnpaidOrder(null, guestOrderToken(guest.body.orderId, 'someone@else.example'))).toBeNull();
    expect((await payByCard(guest.body.orderId, { token })).paid?.status).toBe(200);
    expect(await lastUnpaidOrder(null, token)).toBeNull();
  });
});
