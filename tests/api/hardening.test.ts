import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { NextRequest } from 'next/server';
import { seedDemo } from '@/db/seed';
import { GET as adminCheckRoute } from '@/app/api/admin/[email]/route';
import { POST as nextAuthPost } from '@/app/api/auth/[...nextauth]/route';
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
import { POST as createPartRoute } from '@/app/api/parts/route';
import { POST as registerRoute } from '@/app/api/register/route';
import { DELETE as deleteReviewRoute } from '@/app/api/review/[id]/route';
import { POST as createReviewRoute } from '@/app/api/review/route';
import { POST as uploadRoute } from '@/app/api/uploads/route';
import { PUT as makeAdminRoute } from '@/app/api/user/admin/[email]/route';
import { PUT as tokenRoute } from '@/app/api/user/[email]/route';
import { authOptions } from '@/lib/auth/options';
import { isSignedIn, signInEmail, signInFailureChecks } from '@/lib/auth/sign-in-limits';
import { resolveClientAddress } from '@/lib/client-address';
import { hasMalformedPath } from '@/lib/request-path';
import { resetEnv, SettingsError } from '@/lib/env';
import { addressBucket, clientIp, reserveAttempt } from '@/lib/rate-limit';
import type { UserDTO } from '@/lib/users';
import { safeCallbackUrl } from '@/lib/utils';
import { Order, Part, Profile, RateLimitHit, Review, User } from '@/models';
import { createShopServer, guardRequests } from '@/scripts/serve';
import { BASE_URL, bearerFor, callRoute, sessionCookieFor } from '@/tests/helpers/api';
import { LONG_TEXT, makePart, makeReview, makeUser } from '@/tests/helpers/factories';

const PRODUCT = {
  name: 'Hardened Wheel Bearing Kit',
  price: 41.9,
  availableQuantity: 30,
  minimumQuantity: 2,
  img: '/uploads/11111111-2222-3333-4444-555555555555.png',
  description: 'Sealed front wheel bearing with hub nut and circlip, pre-greased and ready to press into the knuckle.',
  category: 'suspension',
};
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
async function listen(handler: http.RequestListener): Promise<{ base: string; stop: () => Promise<void> }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('1. the address to return to after signing in', () => {
  it.each([
    ['/\t/evil.example/phish', '/'],
    ['/\n/evil.example', '/'],
    ['/\r\n/evil.example', '/'],
    ['/\u0000/evil.example', '/'],
    ['//evil.example/phish', '/'],
    ['/\\evil.example', '/'],
    ['/\\/evil.example', '/'],
    ['/.//evil.example', '/'],
    ['https://evil.example/phish', '/'],
    ['javascript:alert(1)', '/'],
    [' /parts', '/'],
    ['', '/'],
    [undefined, '/'],
    ['/parts/65f0c0ffee0000000000abcd', '/parts/65f0c0ffee0000000000abcd'],
    ['/dashboard/myOrders?page=2#top', '/dashboard/myOrders?page=2#top'],
  ])('safeCallbackUrl(%j) is %j', (raw, expected) => {
    expect(safeCallbackUrl(raw)).toBe(expected);
  });

  it("next-auth's redirect callback keeps only a path of the shop's own origin", async () => {
    const redirect = authOptions().callbacks!.redirect!;
    const baseUrl = 'http://localhost:3000';
    const cases: Array<[string, string]> = [
      ['/\t/evil.example/phish', `${baseUrl}/`],
      ['/parts/abc\n', `${baseUrl}/`],
      ['https://evil.example/phish', `${baseUrl}/`],
      ['http://localhost:3000.evil.example/x', `${baseUrl}/`],
      ['http://localhost:3000//evil.example', `${baseUrl}/`],
      ['http://localhost:3000/dashboard?tab=orders', `${baseUrl}/dashboard?tab=orders`],
      ['/dashboard', `${baseUrl}/dashboard`],
    ];
    for (const [url, expected] of cases) expect(await redirect({ url, baseUrl })).toBe(expected);
  });
});

describe('2. no 500 for bad input', () => {
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

  it.each([
    ['POST', 1e-9, 'Price must be at least $0.01'],
    ['POST', 19.990000001, 'Price can have at most two decimals'],
    ['PUT', 1e-9, 'Price must be at least $0.01'],
    ['PUT', 0, 'Price must be at least $0.01'],
    ['PUT', 5.005, 'Price can have at most two decimals'],
  ])('%s /api/parts refuses the price %p with 400 and stores nothing', async (method, price, message) => {
    const partId = await makePart({ price: 12.5 });
    const before = await Part.countDocuments();
    const res =
      method === 'POST'
        ? await callRoute(createPartRoute, '/api/parts', { method, as: admin, body: { ...PRODUCT, price } })
        : await callRoute(updatePartRoute, `/api/parts/${partId}`, { method, params: { id: partId }, as: admin, body: { price } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect(res.body.fieldErrors.price).toContain(message);
    expect(await Part.countDocuments()).toBe(before);
    expect((await Part.findById(partId).lean())?.price).toBe(12.5);
    // The part can still be ordered: a refused update leaves nothing behind that breaks an order.
    await placeOrder(customer, partId);
  });
});

describe('3. the client address the rate limits count', () => {
  it.each([
    [undefined, '203.0.113.9', 0, '203.0.113.9'],
    ['1.2.3.4', '203.0.113.9', 0, '203.0.113.9'],
    ['1.2.3.4, 5.6.7.8', '::ffff:203.0.113.9', 0, '203.0.113.9'],
    ['1.2.3.4', '10.0.0.2', 1, '1.2.3.4'],
    ['9.9.9.9, 1.2.3.4', '10.0.0.2', 1, '1.2.3.4'],
    ['9.9.9.9, 1.2.3.4, 10.0.0.1', '10.0.0.2', 2, '1.2.3.4'],
    ['1.2.3.4', '10.0.0.2', 2, '1.2.3.4'],
    ['not-an-address', '10.0.0.2', 1, '10.0.0.2'],
    ['[2001:DB8::1]:443', '10.0.0.2', 1, '2001:db8::1'],
    ['1.2.3.4:5678', '10.0.0.2', 1, '1.2.3.4'],
    ['', '10.0.0.2', 1, '10.0.0.2'],
  ])('X-Forwarded-For %j from %s with %i trusted hops counts %s', (header, socket, hops, expected) => {
    expect(resolveClientAddress(header, socket, hops)).toBe(expected);
  });

  it('clientIp reads the single address the server wrote, and none when there is none', () => {
    expect(clientIp(new Headers({ 'x-forwarded-for': '203.0.113.7' }))).toBe('203.0.113.7');
    expect(clientIp(new Headers())).toBeNull();
    expect(clientIp(new Headers({ 'x-real-ip': '203.0.113.7' }))).toBeNull();
    expect(addressBucket('203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket('2001:db8:aa:bb:1:2:3:4')).toBe('2001:db8:aa:bb::/64');
    expect(addressBucket('2001:db8::1')).toBe('2001:db8:0:0::/64');
  });

  it('clientIp reads the entry TRUSTED_PROXY_HOPS from the right, as `next start` behind that many proxies gets it', () => {
    const headers = new Headers({ 'x-forwarded-for': 'forged, 203.0.113.7, 10.0.0.1' });
    const before = process.env.TRUSTED_PROXY_HOPS;
    try {
      for (const [hops, expected] of [
        ['0', '10.0.0.1'],
        ['1', '10.0.0.1'],
        ['2', '203.0.113.7'],
        ['5', null],
      ] as const) {
        process.env.TRUSTED_PROXY_HOPS = hops;
        resetEnv();
        // 5 hops: fewer entries than proxies, the left-most (here a forged word) is no address.
        expect([hops, clientIp(headers)]).toEqual([hops, expected]);
      }
    } finally {
      if (before === undefined) delete process.env.TRUSTED_PROXY_HOPS;
      else process.env.TRUSTED_PROXY_HOPS = before;
      resetEnv();
    }
  });

  it('takes a path with a percent-escape that does not decode for malformed (proxy.ts answers it 400), and no other', () => {
    expect(hasMalformedPath('/api/myProfile/%')).toBe(true);
    expect(hasMalformedPath('/api/parts/%E0%A4%A')).toBe(true);
    expect(hasMalformedPath('/parts/%zz')).toBe(true);
    expect(hasMalformedPath('/api/myProfile/%25')).toBe(false);
    expect(hasMalformedPath('/parts/%C3%A9')).toBe(false);
    expect(hasMalformedPath('/parts')).toBe(false);
  });

  describe('the server of a host with no proxy in front (scripts/serve.ts)', () => {
    let seen: Array<string | undefined> = [];
    const probe: http.RequestListener = (req, res) => {
      seen.push(req.headers['x-forwarded-for'] as string | undefined);
      res.end('ok');
    };
    const get = async (base: string, path: string, headers: Record<string, string> = {}) => {
      const res = await fetch(`${base}${path}`, { headers });
      return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
    };

    it('keeps an idle keep-alive connection open past the 5 s Node default (6 s with its margin), so a client reusing it gets an answer', async () => {
      const server = createShopServer();
      server.on('request', guardRequests(probe, { trustedHops: 0 }));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const request = () =>
        new Promise<{ status?: number; reused: boolean }>((resolve, reject) => {
          const req = http.get({ host: '127.0.0.1', port, path: '/blogs', agent }, (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode, reused: req.reusedSocket }));
          });
          req.on('error', reject);
        });
      try {
        expect(await request()).toEqual({ status: 200, reused: false });
        await new Promise((resolve) => setTimeout(resolve, 6_500));
        expect(await request()).toEqual({ status: 200, reused: true });
      } finally {
        agent.destroy();
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    }, 15_000);

    it('without trusted proxies, overwrites a client-sent X-Forwarded-For with the connection address', async () => {
      const server = await listen(guardRequests(probe, { trustedHops: 0 }));
      seen = [];
      try {
        await get(server.base, '/api/parts', { 'x-forwarded-for': '1.2.3.4' });
        await get(server.base, '/api/parts', { 'x-forwarded-for': '5.6.7.8, 9.9.9.9' });
        await get(server.base, '/api/parts');
      } finally {
        await server.stop();
      }
      expect(seen).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1']);
    });

    it('with one trusted proxy, keeps the address that proxy appended, and only that one', async () => {
      const server = await listen(guardRequests(probe, { trustedHops: 1 }));
      seen = [];
      try {
        await get(server.base, '/blogs', { 'x-forwarded-for': 'forged, 198.51.100.20' });
        await get(server.base, '/blogs');
      } finally {
        await server.stop();
      }
      expect(seen).toEqual(['198.51.100.20', '127.0.0.1']);
    });
  });

  it('requests with no known address never share one bucket (no `local` bucket)', async () => {
    // 11 registrations from "nowhere" (the per-address limit is 10 an hour): only per-email limits apply.
    for (let i = 0; i < 11; i++) {
      const res = await callRoute(registerRoute, '/api/register', {
        method: 'POST',
        body: { name: 'No Address', email: `no-address-${i}@example.com`, password: 'secret123' },
      });
      expect(res.status).toBe(201);
    }
    expect(await RateLimitHit.countDocuments({ key: /^register:ip:/ })).toBe(0);
  });

  describe('sign-in limits count failures only', () => {
    const email = 'locked.out@example.com';

    it('names the email of a form or JSON sign-in, and nothing that is not an email', () => {
      expect(signInEmail('email=Locked.Out%40Example.com&password=x', 'application/x-www-form-urlencoded')).toBe(email);
      expect(signInEmail(JSON.stringify({ email: 'Locked.Out@Example.com' }), 'application/json')).toBe(email);
      expect(signInEmail('email=nobody', 'application/x-www-form-urlencoded')).toBeNull();
      expect(signInEmail('{"email":{"$ne":""}}', 'application/json')).toBeNull();
      // An email made to look like another key cannot touch that key.
      const keys = signInFailureChecks(`${email}:203.0.113.1`, null).map(([key]) => key);
      expect(keys).not.toContain(signInFailureChecks(email, '203.0.113.1')[0]![0]);
    });

    it('tells a signed-in answer from a refused one by the session cookie next-auth sets', () => {
      const ok = new Response(null, { headers: [['set-cookie', 'next-auth.session-token=abc.def; Path=/; HttpOnly']] });
      const chunked = new Response(null, { headers: [['set-cookie', '__Secure-next-auth.session-token.0=abc; Path=/']] });
      const refused = new Response(null, { headers: [['set-cookie', 'next-auth.csrf-token=x; Path=/']] });
      const cleared = new Response(null, { headers: [['set-cookie', 'next-auth.session-token=; Max-Age=0']] });
      expect([ok, chunked, refused, cleared].map(isSignedIn)).toEqual([true, true, false, false]);
    });

    it('refuses the 11th failure per (email, address) but not from another address, and a success gives its place back', async () => {
      const here = '203.0.113.50';
      for (let i = 0; i < 10; i++) await reserveAttempt(signInFailureChecks(email, here)); // 10 failures kept
      await expect(reserveAttempt(signInFailureChecks(email, here), 'locked')).rejects.toMatchObject({ status: 429, message: 'locked' });
      // The owner signs in from elsewhere: counted, then given back because it succeeded.
      const success = await reserveAttempt(signInFailureChecks(email, '198.51.100.60'));
      await success.release();
      for (let i = 0; i < 20; i++) await (await reserveAttempt(signInFailureChecks(email, '198.51.100.60'))).release();
      expect(await RateLimitHit.countDocuments({ key: `signin:fail:email-address:198.51.100.60:${email}` })).toBe(0);
      expect(await RateLimitHit.countDocuments({ key: `signin:fail:email:${email}` })).toBe(10);
    });

    it('the sign-in route answers 429 before next-auth once (email, address) has 10 failures, counting nothing more', async () => {
      const user = await makeUser({ email: 'route.limit@example.com' });
      const address = '203.0.113.77';
      const now = Date.now();
      const key = `signin:fail:email-address:${address}:${user.email}`;
      await RateLimitHit.insertMany(
        Array.from({ length: 10 }, (_, i) => ({ key, at: new Date(now - i * 1000), expiresAt: new Date(now + 900_000) })),
      );
      const body = new URLSearchParams({ email: user.email, password: 'secret123', csrfToken: 'x', json: 'true' });
      const res = await callRoute(nextAuthPost, '/api/auth/callback/credentials', {
        method: 'POST',
        rawBody: body,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
        params: { nextauth: ['callback', 'credentials'] },
      });
      expect(res.status).toBe(429);
      expect(res.body.error).toBe('Too many sign-in attempts, please wait a few minutes and try again');
      expect(await RateLimitHit.countDocuments({ key })).toBe(10);
      expect(await RateLimitHit.countDocuments({ key: `signin:fail:email:${user.email}` })).toBe(0);
    });

    it('per email from every address, refuses only past 100 failures an hour', async () => {
      const target = 'many.places@example.com';
      for (let i = 0; i < 100; i++) await reserveAttempt(signInFailureChecks(target, `192.0.2.${i}`));
      await expect(reserveAttempt(signInFailureChecks(target, '192.0.2.200'))).rejects.toMatchObject({ status: 429 });
    });
  });
});

describe('4. bodies are bounded while they stream', () => {
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

  /** Sends `total` bytes as a chunked body (no Content-Length); stops writing once the answer arrives. */
  function sendChunked(url: string, headers: Record<string, string>, total: number, first = Buffer.alloc(0)) {
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      let answered = false;
      const req = http.request(url, { method: 'POST', headers: { ...headers, 'transfer-encoding': 'chunked' } }, (res) => {
        answered = true;
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', (error) => (answered ? undefined : reject(error)));
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      let sent = 0;
      const pump = () => {
        if (sent === 0 && first.length) {
          req.write(first);
          sent += first.length;
        }
        while (!answered && sent < total) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        if (!answered) req.end();
      };
      pump();
    });
  }

  it('stops reading a chunked 50 MB upload at 5 MB plus the envelope and answers 413', async () => {
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
      expect(server.read.bytes).toBeLessThan(5 * 1024 * 1024 + 64 * 1024 + 512 * 1024);
    } finally {
      await server.stop();
    }
  });

  it('refuses a chunked JSON body over 100 kB with 413 after reading about 100 kB', async () => {
    const server = await routeServer(registerRoute);
    try {
      const res = await sendChunked(
        `${server.base}/api/register`,
        { 'content-type': 'application/json' },
        5 * 1024 * 1024,
        Buffer.from('{"name":"'),
      );
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body)).toEqual({ error: 'The request body is larger than 100 kB' });
      expect(server.read.bytes).toBeLessThan(100 * 1024 + 256 * 1024);
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

describe('5. a bearer token cannot mint bearer tokens', () => {
  it('answers 403 to a bearer token and gives a token to the session cookie', async () => {
    const params = { email: customer.email };
    const viaBearer = await callRoute(tokenRoute, `/api/user/${customer.email}`, {
      method: 'PUT',
      params,
      as: { bearer: await bearerFor(customer) },
    });
    expect(viaBearer.status).toBe(403);
    expect(viaBearer.body.error).toBe('Only a signed-in session can get a token, not a bearer token');
    expect(viaBearer.body.token).toBeUndefined();
    const viaSession = await callRoute(tokenRoute, `/api/user/${customer.email}`, { method: 'PUT', params, as: customer });
    expect(viaSession.status).toBe(200);
    expect(typeof viaSession.body.token).toBe('string');
  });
});

describe('8. demo account settings that cannot work stop the seed', () => {
  it.each([
    ['SEED_ADMIN_EMAIL', 'admin@localhost', 'Provide a valid Email'],
    ['SEED_CUSTOMER_EMAIL', 'customer at example.com', 'Provide a valid Email'],
    ['SEED_ADMIN_PASSWORD', '12345', 'Must be 6 characters or longer'],
  ])('%s=%j stops the seed with a message naming it, and creates no account', async (name, value, rule) => {
    const users = await User.countDocuments();
    const parts = await Part.countDocuments();
    const seeding = seedDemo({ [name]: value });
    await expect(seeding).rejects.toBeInstanceOf(SettingsError);
    await expect(seeding).rejects.toThrow(`${name} is refused by the sign-in rules (${rule})`);
    expect(await User.countDocuments()).toBe(users);
    expect(await Part.countDocuments()).toBe(parts);
  });
});

describe("9. email addresses of today's domains", () => {
  it.each(['shop@example.info', 'buyer@parts.shop', 'a.b@my-store.store', 'dev@x.dev', 'max@garage.photography'])(
    'registers %s',
    async (email) => {
      const res = await callRoute(registerRoute, '/api/register', {
        method: 'POST',
        body: { name: 'New Domain', email, password: 'secret123' },
        headers: fromNewIp(),
      });
      expect(res.status).toBe(201);
    },
  );

  it.each(['a@example.c', `a@example.${'x'.repeat(25)}`, 'a@example.c0m', 'a@example'])(
    'refuses %s with the spec message',
    async (email) => {
      const res = await callRoute(registerRoute, '/api/register', {
        method: 'POST',
        body: { name: 'Bad', email, password: 'secret123' },
        headers: fromNewIp(),
      });
      expect(res.status).toBe(400);
      expect(res.body.fieldErrors.email).toEqual(['Provide a valid Email']);
    },
  );
});

describe('10. a part nobody can buy', () => {
  const message = 'Minimum quantity cannot be more than the available quantity';

  it('refuses a minimum above the available quantity on create (400, field message), but not for a part out of stock', async () => {
    const before = await Part.countDocuments();
    const res = await callRoute(createPartRoute, '/api/parts', {
      method: 'POST',
      as: admin,
      body: { ...PRODUCT, availableQuantity: 5, minimumQuantity: 8 },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect(res.body.fieldErrors).toEqual({ minimumQuantity: [message] });
    expect(await Part.countDocuments()).toBe(before);
    const outOfStock = await callRoute(createPartRoute, '/api/parts', {
      method: 'POST',
      as: admin,
      body: { ...PRODUCT, name: 'Out of stock part', availableQuantity: 0, minimumQuantity: 4 },
    });
    expect(outOfStock.status).toBe(201);
  });

  it('refuses an edit that leaves the minimum above the stored stock, and changes nothing', async () => {
    const id = await makePart({ stock: 5, minimumQuantity: 2, price: 10 });
    const update = (body: unknown) => callRoute(updatePartRoute, `/api/parts/${id}`, { method: 'PUT', params: { id }, as: admin, body });
    for (const body of [
      { minimumQuantity: 8 },
      { availableQuantity: 1, minimumQuantity: 2 },
      { availableQuantity: 3, minimumQuantity: 4, price: 11 },
    ]) {
      const res = await update(body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
      expect(res.body.fieldErrors.minimumQuantity).toEqual([message]);
    }
    expect(await Part.findById(id).lean()).toMatchObject({ availableQuantity: 5, minimumQuantity: 2, price: 10 });
    expect((await update({ minimumQuantity: 5 })).status).toBe(200);
    expect((await update({ availableQuantity: 0 })).status).toBe(200);
  });
});

describe('requests from other sites, operators, malformed ids and padded text', () => {
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

  it('refuses a review of 49 characters padded with spaces, and stores nothing', async () => {
    const before = await Review.countDocuments();
    const padded = `  ${LONG_TEXT.slice(0, 49)}          `;
    expect(padded.length).toBeGreaterThanOrEqual(50);
    const res = await callRoute(createReviewRoute, '/api/review', {
      method: 'POST',
      as: customer,
      body: { image: '/uploads/11111111-2222-3333-4444-555555555555.jpg', rating: 4, review: padded },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Give Review 50 characters or longer');
    expect(res.body.fieldErrors.review).toEqual(['Give Review 50 characters or longer']);
    expect(await Review.countDocuments()).toBe(before);
  });
});
