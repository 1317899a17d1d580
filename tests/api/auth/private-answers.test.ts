/**
 * An answer that depends on the caller is `Cache-Control: private, no-store`, errors included; a
 * cookie-carried write is accepted from NEXTAUTH_URL's origin only.
 */
import { NextRequest } from 'next/server';
import { GET as adminRoute } from '@/app/api/admin/[email]/route';
import { GET as profileRoute } from '@/app/api/myProfile/[emailOrId]/route';
import { GET as orderRoute } from '@/app/api/order/[id]/route';
import { GET as ordersRoute, POST as placeOrderRoute } from '@/app/api/order/route';
import { GET as partsRoute } from '@/app/api/parts/route';
import { Order } from '@/models';
import { callRoute, sessionCookieFor } from '@/tests/helpers/api';
import { makePart, makeUser, newObjectId } from '@/tests/helpers/factories';

const order = (partId: string) => ({ partId, address: '12 Long Road, Springfield', phone: '5551234567', quantity: 1 });

describe('Cache-Control of private answers', () => {
  it('says private, no-store on every answer about the caller, refusals included', async () => {
    const customer = await makeUser();
    const partId = await makePart();
    const placed = await callRoute(placeOrderRoute, '/api/order', { method: 'POST', as: customer, body: order(partId) });
    expect(placed.status).toBe(201);
    const id = String(placed.body.insertedId);
    const answers = [
      await callRoute(ordersRoute, '/api/order', { as: customer }),
      await callRoute(orderRoute, `/api/order/${id}`, { as: customer, params: { id } }),
      await callRoute(orderRoute, `/api/order/${newObjectId()}`, { as: customer, params: { id: newObjectId() } }),
      await callRoute(profileRoute, `/api/myProfile/${customer.email}`, { as: customer, params: { emailOrId: customer.email } }),
      await callRoute(adminRoute, `/api/admin/${customer.email}`, { as: customer, params: { email: customer.email } }),
      await callRoute(ordersRoute, '/api/order', { as: null }),
      placed,
    ];
    expect(answers.map((res) => res.status)).toEqual([200, 200, 404, 200, 200, 401, 201]);
    for (const res of answers) expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('leaves a public list alone', async () => {
    const res = await callRoute(partsRoute, '/api/parts');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control') ?? '').not.toMatch(/private/);
  });
});

describe('Origin of a cookie-carried write', () => {
  it("accepts NEXTAUTH_URL's origin only, not the address the server listens on", async () => {
    const customer = await makeUser();
    const partId = await makePart();
    const place = async (url: string, origin: string) => {
      const req = new NextRequest(url, {
        method: 'POST',
        headers: { cookie: await sessionCookieFor(customer), origin, 'content-type': 'application/json' },
        body: JSON.stringify(order(partId)),
      });
      return placeOrderRoute(req, { params: Promise.resolve({}) as Promise<never> });
    };
    const internal = await place('http://127.0.0.1:4123/api/order', 'http://127.0.0.1:4123');
    expect(internal.status).toBe(403);
    expect(await internal.json()).toEqual({ error: 'Cross-site request refused' });
    expect(await Order.countDocuments({ email: customer.email })).toBe(0);

    const own = await place('http://127.0.0.1:4123/api/order', new URL(process.env.NEXTAUTH_URL!).origin);
    expect(own.status).toBe(201);
    expect(await Order.countDocuments({ email: customer.email })).toBe(1);
  });
});
