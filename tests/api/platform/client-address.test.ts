import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { POST as registerRoute } from '@/app/api/register/route';
import { resolveClientAddress } from '@/lib/platform/client-address';
import { addressBucket, clientIp } from '@/lib/platform/rate-limit';
import { RateLimitHit } from '@/models';
import { createShopServer, guardRequests, hasMalformedPath } from '@/scripts/serve';
import { callRoute } from '@/tests/helpers/api';

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

describe('the client address the rate limits count', () => {
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

  describe('the custom server (scripts/serve.ts)', () => {
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

    it('answers a malformed percent-escape in the path with 400: JSON under /api, a page elsewhere', async () => {
      const server = await listen(guardRequests(probe, { trustedHops: 0 }));
      seen = [];
      try {
        const api = await get(server.base, '/api/parts/%E0%A4%A');
        expect(api.status).toBe(400);
        expect(api.type).toBe('application/json');
        expect(JSON.parse(api.text)).toEqual({ error: 'Malformed URL' });
        const page = await get(server.base, '/parts/%zz');
        expect(page.status).toBe(400);
        expect(page.type).toMatch(/^text\/html/);
        expect(page.text).toContain('Bad request');
        expect((await get(server.base, '/api/parts?q=%E0%A4%A')).status).toBe(200);
        expect((await get(server.base, '/parts/%C3%A9')).status).toBe(200);
      } finally {
        await server.stop();
      }
      expect(seen).toHaveLength(2);
      expect(hasMalformedPath('/api/myProfile/%')).toBe(true);
      expect(hasMalformedPath('/api/myProfile/%25')).toBe(false);
    });

    it("hands a shared page's GET on to Next.js with only whether a session cookie came, and every other request with its cookies", async () => {
      const cookies: Array<string | undefined> = [];
      const server = await listen(
        guardRequests(
          (req, res) => {
            cookies.push(req.headers.cookie);
            res.end('ok');
          },
          { trustedHops: 0 },
        ),
      );
      const session = 'next-auth.csrf-token=abc; next-auth.session-token=eyJhbGciOiJkaXIi.x.y; pm_session_hint=1';
      const visitor = 'pm_vehicle=%7B%7D; theme=dark';
      try {
        await get(server.base, '/parts/6650f0c2a1b2c3d4e5f60718?_rsc=1', { cookie: session });
        await get(server.base, '/', { cookie: visitor });
        await get(server.base, '/blogs');
        await get(server.base, '/api/auth/session', { cookie: session });
        await get(server.base, '/dashboard', { cookie: session });
        await fetch(`${server.base}/parts/6650f0c2a1b2c3d4e5f60718`, { method: 'POST', headers: { cookie: session } });
      } finally {
        await server.stop();
      }
      expect(cookies).toEqual(['next-auth.session-token=', undefined, undefined, session, session, session]);
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
});
