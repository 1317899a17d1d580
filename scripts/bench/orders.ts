import type { Session } from './accounts';
import { runLoad, type LoadResult } from './load';

/** The orders part of the benchmark: parts made through the admin API, throughput under autocannon, and the 200-on-100 burst. */
const ORDER_FIELDS = { address: '1 Benchmark Street, Leeds', phone: '0113 496 0000', quantity: 1 };

export type BenchPart = { id: string; name: string };

/** Adds a part as the admin through POST /api/parts; `origin` is the shop's address when `base` is an instance behind a balancer. */
export async function createPart(base: string, admin: Session, name: string, availableQuantity: number, origin = base): Promise<BenchPart> {
  const body = {
    name,
    price: 12.5,
    availableQuantity,
    minimumQuantity: 1,
    img: '/images/parts/spin-on-engine-oil-filter.svg',
    description: 'A part made for the benchmark, with a description that is comfortably longer than fifty characters.',
    category: 'filters',
    brand: 'Kestrel',
    partNumber: `BENCH-${name.replace(/[^A-Za-z0-9]+/g, '-')}`,
    oemNumbers: [],
    fitment: [],
  };
  const res = await fetch(new URL('/api/parts', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: admin.cookie, origin },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`POST /api/parts answered ${res.status}: ${text.slice(0, 300)}`);
  return { id: (JSON.parse(text) as { insertedId: string }).insertedId, name };
}

/** Orders for `parts` (one, or rotated over several) from the customers in turn, under autocannon. */
export function orderLoad(
  base: string,
  customers: Session[],
  parts: BenchPart[],
  connections: number,
  seconds: number,
): Promise<LoadResult> {
  return runLoad({
    base,
    path: '/api/order',
    method: 'POST',
    connections,
    seconds,
    headers: { 'content-type': 'application/json', origin: base },
    perRequest: (n) => ({
      headers: { cookie: customers[n % customers.length]!.cookie },
      body: JSON.stringify({ partId: parts[n % parts.length]!.id, ...ORDER_FIELDS }),
    }),
  });
}

export type BurstReport = {
  requests: number;
  created: number;
  refused409: number;
  otherStatuses: Record<string, number>;
  networkErrors: number;
  maxMs: number;
  stockAfterLastAnswer: number | null;
  stockAfterWait: number | null;
  ordersAfterWait: number | null;
};

async function stockOf(base: string, partId: string): Promise<number | null> {
  const res = await fetch(new URL(`/api/parts/${partId}`, base));
  if (!res.ok) return null;
  return ((await res.json()) as { availableQuantity: number }).availableQuantity;
}

/** Orders of one part, counted from the newest orders as the admin sees them (the burst is the newest activity). */
async function countOrdersOf(base: string, admin: Session, partId: string, since: number): Promise<number | null> {
  let count = 0;
  for (let page = 1; page <= 50; page++) {
    const res = await fetch(new URL(`/api/allOrder?limit=100&page=${page}`, base), { headers: { cookie: admin.cookie } });
    if (!res.ok) return null;
    const orders = (await res.json()) as Array<{ partId: string; createdAt: string }>;
    count += orders.filter((order) => order.partId === partId).length;
    const oldest = orders.at(-1);
    if (orders.length < 100 || !oldest || Date.parse(oldest.createdAt) < since) break;
  }
  return count;
}

/** 200 orders at once at a part with stock 100; 5 s after the last answer, the stock and the order count are read again. */
export async function orderBurst(
  base: string,
  admin: Session,
  customers: Session[],
  part: BenchPart,
  requests = 200,
): Promise<BurstReport> {
  const since = Date.now() - 1000;
  const statuses: Record<string, number> = {};
  let networkErrors = 0;
  let maxMs = 0;
  await Promise.all(
    Array.from({ length: requests }, async (_, i) => {
      const started = performance.now();
      try {
        const res = await fetch(new URL('/api/order', base), {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: base, cookie: customers[i % customers.length]!.cookie },
          body: JSON.stringify({ partId: part.id, ...ORDER_FIELDS }),
          signal: AbortSignal.timeout(30_000),
        });
        await res.arrayBuffer();
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      } catch {
        networkErrors += 1;
      } finally {
        maxMs = Math.max(maxMs, performance.now() - started);
      }
    }),
  );
  const stockAfterLastAnswer = await stockOf(base, part.id);
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const { 201: created = 0, 409: refused409 = 0, ...otherStatuses } = statuses;
  return {
    requests,
    created,
    refused409,
    otherStatuses,
    networkErrors,
    maxMs,
    stockAfterLastAnswer,
    stockAfterWait: await stockOf(base, part.id),
    ordersAfterWait: await countOrdersOf(base, admin, part.id, since),
  };
}
