import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { baselineRate, runLoad, sandwiched, type LoadResult } from './load';

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

  it('gives each connection its own headers, with the shared headers', async () => {
    const server = await countingServer();
    try {
      const cookies = ['cart=a', 'cart=b', 'cart=c'];
      const result = await runLoad({
        base: server.base,
        path: '/page',
        connections: 3,
        seconds: 1,
        headers: { 'x-shared': '1' },
        perConnection: cookies.map((cookie) => ({ cookie })),
      });
      expect(result.non2xx).toBe(0);
      expect(server.shared).toEqual(new Set(['1']));
      const seen = [...server.byConnection.values()].map((cookiesSeen) => new Set(cookiesSeen));
      expect(seen.map((set) => set.size)).toEqual([1, 1, 1]);
      expect(new Set(seen.map((set) => [...set][0]))).toEqual(new Set(cookies));
      expect([...server.byConnection.values()].every((cookiesSeen) => cookiesSeen.length > 10)).toBe(true);
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

describe('sandwiched', () => {
  const run = (reqPerSec: number) => ({ reqPerSec }) as LoadResult;

  it('runs each target between two runs of its baseline, sharing the run between neighbours with the same baseline', async () => {
    const order: string[] = [];
    let count = 0;
    const items = [
      { name: 'a', baseline: '/static' },
      { name: 'b', baseline: '/static' },
      { name: 'c', baseline: '/twin' },
      { name: 'd', baseline: '/static' },
    ];
    const heard: string[] = [];
    const result = await sandwiched(
      items,
      async (path) => {
        order.push(path);
        return run(++count);
      },
      async (item) => {
        order.push(item.name);
        return run(++count);
      },
      (sandwich) =>
        heard.push(`${sandwich.item.name} ${sandwich.before.reqPerSec}<${sandwich.target.reqPerSec}>${sandwich.after.reqPerSec}`),
    );
    expect(order).toEqual(['/static', 'a', '/static', 'b', '/static', '/twin', 'c', '/twin', '/static', 'd', '/static']);
    expect(heard).toEqual(['a 1<2>3', 'b 3<4>5', 'c 6<7>8', 'd 9<10>11']);
    expect(result.map((sandwich) => sandwich.item.name)).toEqual(['a', 'b', 'c', 'd']);
    // The run after a is the very run before b.
    expect(result[1]!.before).toBe(result[0]!.after);
  });

  it('compares a target with the mean of the baseline runs around it', () => {
    expect(baselineRate({ before: run(900), after: run(1100) })).toBe(1000);
  });
});
