import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { runLoad } from './load';

/** A local server that counts the Cookie headers it receives on each connection, in order. */
async function countingServer() {
  const byConnection = new Map<object, string[]>();
  const shared = new Set<string>();
  const server = http.createServer((req, res) => {
    shared.add(String(req.headers['x-shared']));
    const seen = byConnection.get(req.socket) ?? [];
    seen.push(req.headers.cookie ?? '(none)');
    byConnection.set(req.socket, seen);
    res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, byConnection, shared, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('runLoad', () => {
  it('sends the rotated headers in turn on every connection, with the shared headers', async () => {
    const server = await countingServer();
    try {
      const cookies = ['session=a', 'session=b', 'session=c'];
      const result = await runLoad({
        base: server.base,
        path: '/page',
        connections: 2,
        seconds: 1,
        headers: { 'x-shared': '1' },
        rotate: cookies.map((cookie) => ({ cookie })),
      });
      expect(result.total).toBeGreaterThan(30);
      expect(result.non2xx).toBe(0);
      expect(server.byConnection.size).toBe(2);
      expect(server.shared).toEqual(new Set(['1']));
      for (const seen of server.byConnection.values()) {
        // Each connection starts with the first and goes round the list.
        expect(seen.slice(0, 7)).toEqual([...cookies, ...cookies, cookies[0]]);
      }
    } finally {
      await server.close();
    }
  });

  it('sends one request over and over without rotation', async () => {
    const server = await countingServer();
    try {
      await runLoad({ base: server.base, path: '/page', connections: 1, seconds: 1 });
      const [seen = []] = server.byConnection.values();
      expect(seen.length).toBeGreaterThan(10);
      expect(new Set(seen)).toEqual(new Set(['(none)']));
    } finally {
      await server.close();
    }
  });
});
