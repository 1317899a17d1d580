import { NextRequest } from 'next/server';
import { GET as adminCheckRoute } from '@/app/api/admin/[email]/route';
import { GET as getProfileRoute, PATCH as patchProfileRoute } from '@/app/api/myProfile/[emailOrId]/route';
import { POST as postProfileRoute } from '@/app/api/myProfile/route';
import {
  DELETE as cancelOrderRoute,
  GET as getOrderRoute,
  PATCH as payOrderRoute,
  PUT as shipOrderRoute,
} from '@/app/api/order/[id]/route';
import { POST as placeOrderRoute } from '@/app/api/order/route';
import { DELETE as deletePartRoute, GET as getPartRoute, PUT as updatePartRoute } from '@/app/api/parts/[id]/route';
import { POST as registerRoute } from '@/app/api/register/route';
import { DELETE as deleteReviewRoute } from '@/app/api/review/[id]/route';
import { POST as uploadRoute } from '@/app/api/uploads/route';
import { PUT as makeAdminRoute } from '@/app/api/user/admin/[email]/route';
import { PUT as tokenRoute } from '@/app/api/user/[email]/route';
import type { UserDTO } from '@/lib/auth/users';
import { FRONT_BODY_LIMIT_BYTES } from '@/lib/platform/http';
import { Order, Part, Profile, Review, User } from '@/models';
import { BASE_URL, callRoute, sessionCookieFor } from '@/tests/helpers/api';
import { sendChunked } from '@/tests/helpers/chunked';
import { listen } from '@/tests/helpers/listen';
import { makePart, makeReview, makeUser } from '@/tests/helpers/factories';

const CONTACT = { address: '12 Mill Road, Leeds', phone: '+44 113 496 0200' };
const PROFILE = {
  education: 'BSc Mechanical Engineering',
  image: '/uploads/aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee.jpg',
  district: 'West Yorkshire',
  city: 'Leeds',
  phone: '0113 496 0000',
};
const EVIL = 'https://evil.example';
const LOOKALIKE = 'http://localhost:3000.evil.example';
const CROSS_SITE = 'Cross-site request refused';

let customer: UserDTO;
let admin: UserDTO;

beforeAll(async () => {
  customer = await makeUser({ name: 'Hana Hardened' });
  admin = await makeUser({ name: 'Ada Admin', admin: true });
});

let ipCounter = 0;
const fromNewIp = () => ({ 'x-forwarded-for': `198.18.0.${++ipCounter}` });

async function placeOrder(as: UserDTO, partId: string, quantity = 1): Promise<string> {
  const res = await callRoute(placeOrderRoute, '/api/order', { method: 'POST', as, body: { partId, ...CONTACT, quantity } });
  expect(res.status).toBe(201);
  return res.body.insertedId as string;
}

/** Starts a real HTTP server on a free port; answers its base URL and a stop function. */
describe('no 500 for bad input', () => {
  it('PATCH /api/order/abc with a valid payment body answers 404', async () => {
    const res = await callRoute(payOrderRoute, '/api/order/abc', {
      method: 'PATCH',
      params: { id: 'abc' },
      as: customer,
      body: { payment: { transactionId: 'pi_test_0123456789' } },
    });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Order not found');
  });

  it('a `%` email (sent as %25 and decoded once) is refused as input, never a 500', async () => {
    const email = '%';
    const profile = await callRoute(getProfileRoute, '/api/myProfile/%25', { params: { emailOrId: email }, as: customer });
    expect(profile.status).toBe(400);
    expect(profile.body.error).toBe('Provide a valid Email');
    const adminCheck = await callRoute(adminCheckRoute, '/api/admin/%25', { params: { email }, as: customer });
    expect(adminCheck.status).toBe(403);
    expect(adminCheck.body.error).toBe('You can only access your own account');
    const token = await callRoute(tokenRoute, '/api/user/%25', { method: 'PUT', params: { email }, as: customer });
    expect(token.status).toBe(403);
    expect(token.body.error).toBe('You can only access your own account');
    const promote = await callRoute(makeAdminRoute, '/api/user/admin/%25', { method: 'PUT', params: { email }, as: admin });
    expect(promote.status).toBe(404);
    expect(promote.body.error).toBe('No user with that email');
  });
});

describe('bodies are bounded while they stream', () => {
  /** A real server that hands each request to a route handler as Next.js does (the body streams in), counting what the handler read. */
  async function routeServer(handler: (req: NextRequest, context: { params: Promise<never> }) => Promise<Response>) {
    const read = { bytes: 0 };
    const server = await listen(async (req, res) => {
      async function* counted() {
        for await (const chunk of req) {
          read.bytes += (chunk as Buffer).length;
          yield chunk as Buffer;
        }
      }
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
      // The body streams in as Next.js hands it over (an async iterable, read on demand).
      const init = { method: req.method, headers, body: counted(), duplex: 'half' };
      const request = new NextRequest(`${BASE_URL}${req.url}`, init as unknown as ConstructorParameters<typeof NextRequest>[1]);
      const answer = await handler(request, { params: Promise.resolve({}) as Promise<never> });
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain', connection: 'close' });
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
    return { ...server, read };
  }

  it('stops reading a chunked 50 MB upload at what nginx passes on (6 MB) and answers 413', async () => {
    const server = await routeServer(uploadRoute);
    try {
      const boundary = 'hardening-boundary';
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n`,
        'latin1',
      );
      const res = await sendChunked(
        `${server.base}/api/uploads`,
        { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: await sessionCookieFor(customer), origin: BASE_URL },
        50 * 1024 * 1024,
        head,
      );
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body)).toEqual({ error: 'The image is larger than 5 MB' });
      // Past 5 MB and its envelope the rest is thrown away up to nginx's 6 MB, then reading stops.
      expect(server.read.bytes).toBeGreaterThan(FRONT_BODY_LIMIT_BYTES);
      expect(server.read.bytes).toBeLessThan(FRONT_BODY_LIMIT_BYTES + 512 * 1024);
    } finally {
      await server.stop();
    }
  });

  it('refuses a chunked JSON body over 100 kB with 413 once it has read its 5 MB to the end, 20 MB at about 6 MB', async () => {
    const server = await routeServer(registerRoute);
    try {
      const head = Buffer.from('{"name":"');
      const send = (bytes: number) => sendChunked(`${server.base}/api/register`, { 'content-type': 'application/json' }, bytes, head);
      const res = await send(5 * 1024 * 1024);
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body)).toEqual({ error: 'The request body is larger than 100 kB' });
      expect(server.read.bytes).toBe(5 * 1024 * 1024 + head.length);
      server.read.bytes = 0;
      const past = await send(20 * 1024 * 1024);
      expect(past.status).toBe(413);
      expect(server.read.bytes).toBeGreaterThan(FRONT_BODY_LIMIT_BYTES);
      expect(server.read.bytes).toBeLessThan(FRONT_BODY_LIMIT_BYTES + 512 * 1024);
    } finally {
      await server.stop();
    }
  });

  it('refuses a JSON endpoint body of another content type with 415', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const res = await callRoute(registerRoute, '/api/register', {
        method: 'POST',
        rawBody: JSON.stringify({ name: 'A', email: 'type@example.com', password: 'secret123' }),
        headers: { 'content-type': type, ...fromNewIp() },
      });
      expect(res.status).toBe(415);
      expect(res.body.error).toBe('Send the body as JSON (Content-Type: application/json)');
    }
    expect(await User.countDocuments({ email: 'type@example.com' })).toBe(0);
  });
});

describe('requests from other sites, operators and malformed ids', () => {
  it('answers 403 to cookie-authenticated DELETE and PATCH from a foreign Origin (or one that merely begins with ours) and changes nothing', async () => {
    const partId = await makePart({ stock: 10 });
    const orderId = await placeOrder(customer, partId);
    const reviewId = await makeReview();
    const profile = await callRoute(postProfileRoute, '/api/myProfile', { method: 'POST', as: customer, body: PROFILE });
    expect(profile.status).toBe(201);
    const profileId = profile.body.insertedId as string;

    for (const origin of [EVIL, LOOKALIKE]) {
      const calls = [
        callRoute(cancelOrderRoute, `/api/order/${orderId}`, { method: 'DELETE', params: { id: orderId }, as: customer, origin }),
        callRoute(payOrderRoute, `/api/order/${orderId}`, {
          method: 'PATCH',
          params: { id: orderId },
          as: customer,
          origin,
          body: { payment: { order: orderId, transactionId: 'pi_test_forged' } },
        }),
        callRoute(deletePartRoute, `/api/parts/${partId}`, { method: 'DELETE', params: { id: partId }, as: admin, origin }),
        callRoute(deleteReviewRoute, `/api/review/${reviewId}`, { method: 'DELETE', params: { id: reviewId }, as: admin, origin }),
        callRoute(patchProfileRoute, `/api/myProfile/${profileId}`, {
          method: 'PATCH',
          params: { emailOrId: profileId },
          as: customer,
          origin,
          body: { profileInfo: { image: PROFILE.image, city: 'Hull' } },
        }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.status).toBe(403);
        expect(res.body.error).toBe(CROSS_SITE);
      }
    }
    expect(await Order.findById(orderId).lean()).toMatchObject({ paid: false });
    expect(await Part.exists({ _id: partId })).toBeTruthy();
    expect(await Review.exists({ _id: reviewId })).toBeTruthy();
    expect((await Profile.findById(profileId).lean())?.city).toBe('Leeds');
  });

  it('answers 400 to query operators inside nested fields', async () => {
    const partId = await makePart();
    const orderId = await placeOrder(customer, partId);
    const pay = await callRoute(payOrderRoute, `/api/order/${orderId}`, {
      method: 'PATCH',
      params: { id: orderId },
      as: customer,
      body: { payment: { transactionId: { $ne: null } } },
    });
    expect(pay.status).toBe(400);
    expect(pay.body.error).toBe('transactionId is required');
    const profile = await callRoute(patchProfileRoute, '/api/myProfile/65f0c0ffee0000000000abcd', {
      method: 'PATCH',
      params: { emailOrId: '65f0c0ffee0000000000abcd' },
      as: customer,
      body: { profileInfo: { image: PROFILE.image, city: { $gt: '' } } },
    });
    expect(profile.status).toBe(400);
    expect(profile.body.error).toBe('City is Required');
    expect(await Order.findById(orderId).lean()).toMatchObject({ paid: false });
  });

  it.each([
    ['GET /api/parts/zzz', () => callRoute(getPartRoute, '/api/parts/zzz', { params: { id: 'zzz' } }), 'Part not found'],
    [
      'PUT /api/parts/zzz',
      () => callRoute(updatePartRoute, '/api/parts/zzz', { method: 'PUT', params: { id: 'zzz' }, as: admin, body: { name: 'x' } }),
      'Part not found',
    ],
    [
      'DELETE /api/parts/zzz',
      () => callRoute(deletePartRoute, '/api/parts/zzz', { method: 'DELETE', params: { id: 'zzz' }, as: admin }),
      'Part not found',
    ],
    ['GET /api/order/zzz', () => callRoute(getOrderRoute, '/api/order/zzz', { params: { id: 'zzz' }, as: customer }), 'Order not found'],
    [
      'PUT /api/order/zzz',
      () => callRoute(shipOrderRoute, '/api/order/zzz', { method: 'PUT', params: { id: 'zzz' }, as: admin, body: { pending: 'shipped' } }),
      'Order not found',
    ],
    [
      'DELETE /api/order/zzz',
      () => callRoute(cancelOrderRoute, '/api/order/zzz', { method: 'DELETE', params: { id: 'zzz' }, as: customer }),
      'Order not found',
    ],
    [
      'DELETE /api/review/zzz (admin)',
      () => callRoute(deleteReviewRoute, '/api/review/zzz', { method: 'DELETE', params: { id: 'zzz' }, as: admin }),
      'Review not found',
    ],
    [
      'PATCH /api/myProfile/zzz',
      () =>
        callRoute(patchProfileRoute, '/api/myProfile/zzz', {
          method: 'PATCH',
          params: { emailOrId: 'zzz' },
          as: customer,
          body: { profileInfo: { image: PROFILE.image } },
        }),
      'Profile not found',
    ],
  ])('%s answers 404 with its message', async (_label, call, message) => {
    const res = await call();
    expect(res.status).toBe(404);
    expect(res.body.error).toBe(message);
  });
});
