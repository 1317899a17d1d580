import type { Session } from './accounts';
import type { BenchPart } from './orders';
import { median } from './load';

/** Measurements of `npm run bench -- --scale`: cold first page, one order's latency, the sitemap's chunks. */
export type Timed = { status: number; ms: number; bytes: number; cache: string | null };

export async function timedGet(base: string, path: string, headers: Record<string, string> = {}): Promise<Timed> {
  const started = performance.now();
  const res = await fetch(new URL(path, base), { headers, signal: AbortSignal.timeout(60_000) });
  const body = await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started, bytes: body.byteLength, cache: res.headers.get('x-nextjs-cache') };
}

export type OrderLatency = { partId: string; statuses: number[]; ms: number[]; medianMs: number; maxMs: number };

/** A part any customer may order one of: newest parts with stock and a minimum of 1. */
export async function orderablePart(base: string): Promise<string> {
  return (await orderableParts(base, 1, 20))[0]!.id;
}

/** `count` of the newest 100 parts sold singly with at least `stock` pieces left. */
export async function orderableParts(base: string, count: number, stock: number): Promise<BenchPart[]> {
  const res = await fetch(new URL('/api/parts?limit=100', base));
  const parts = (await res.json()) as Array<{ _id: string; name: string; availableQuantity: number; minimumQuantity: number }>;
  const found = parts.filter((candidate) => candidate.availableQuantity >= stock && candidate.minimumQuantity === 1).slice(0, count);
  if (found.length < count) throw new Error(`fewer than ${count} parts sold singly with ${stock} in stock among the newest 100`);
  return found.map((part) => ({ id: part._id, name: part.name }));
}

/** `count` orders one after another (each waits for the previous answer), timed one by one. */
export async function sequentialOrders(base: string, customer: Session, partId: string, count: number): Promise<OrderLatency> {
  const statuses: number[] = [];
  const ms: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const res = await fetch(new URL('/api/order', base), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, cookie: customer.cookie },
      body: JSON.stringify({ partId, address: '1 Benchmark Street, Leeds', phone: '0113 496 0000', quantity: 1 }),
    });
    await res.arrayBuffer();
    ms.push(performance.now() - started);
    statuses.push(res.status);
  }
  return { partId, statuses, ms, medianMs: median(ms), maxMs: Math.max(...ms) };
}

export type SitemapChunk = { path: string; urls: number; first: Timed; second: Timed };

function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)].map((match) => match[1]!);
}

async function timedText(base: string, path: string): Promise<{ timed: Timed; xml: string }> {
  const started = performance.now();
  const res = await fetch(new URL(path, base), { signal: AbortSignal.timeout(60_000) });
  const xml = await res.text();
  return {
    timed: { status: res.status, ms: performance.now() - started, bytes: Buffer.byteLength(xml), cache: res.headers.get('x-nextjs-cache') },
    xml,
  };
}

async function chunk(base: string, path: string, first: { timed: Timed; xml: string }): Promise<SitemapChunk> {
  return { path, urls: (first.xml.match(/<url>/g) ?? []).length, first: first.timed, second: await timedGet(base, path) };
}

/** Each sitemap chunk fetched twice: those an index lists, a plain /sitemap.xml, or /sitemap/0.xml, 1.xml... until one fails. */
export async function measureSitemap(base: string): Promise<{ index: SitemapChunk | null; chunks: SitemapChunk[] }> {
  const top = await timedText(base, '/sitemap.xml');
  if (top.timed.status === 200 && top.xml.includes('<sitemapindex')) {
    const index = await chunk(base, '/sitemap.xml', top);
    const chunks: SitemapChunk[] = [];
    for (const loc of locs(top.xml)) {
      const path = new URL(loc).pathname;
      chunks.push(await chunk(base, path, await timedText(base, path)));
    }
    return { index, chunks };
  }
  if (top.timed.status === 200) return { index: null, chunks: [await chunk(base, '/sitemap.xml', top)] };
  const chunks: SitemapChunk[] = [];
  for (let i = 0; i < 1000; i++) {
    const path = `/sitemap/${i}.xml`;
    const first = await timedText(base, path);
    if (first.timed.status !== 200) break;
    chunks.push(await chunk(base, path, first));
  }
  return { index: null, chunks };
}
