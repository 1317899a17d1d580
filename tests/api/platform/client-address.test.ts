import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { POST as registerRoute } from '@/app/api/register/route';
import { resolveClientAddress } from '@/lib/platform/client-address';
import { addressBucket, clientIp } from '@/lib/rate-limit/rate-limit';
import { RateLimitHit } from '@/models';
import { createShopServer, guardRequests } from '@/scripts/serve';
import { hasMalformedPath } from '@/lib/platform/request-path';
import { resetEnv } from '@/lib/platform/env';
import { callRoute } from '@/tests/helpers/api';
import { listen } from '@/tests/helpers/listen';

/** Starts a real HTTP server on a free port; answers its base URL and a stop function. */
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
});
