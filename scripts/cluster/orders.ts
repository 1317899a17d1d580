import type { Session } from '../bench/accounts';

/** The order load of the cluster test: plain fetches from a pool of workers, each answer kept with its target and time. */
export type Target = { name: string; base: string };

export type OrderAnswer = {
  target: string;
  /** The HTTP status, or 0 when no answer came (connection refused or reset). */
  status: number;
  insertedId: string | null;
  servedBy: string | null;
  error: string | null;
  startedAt: number;
  endedAt: number;
};

const ORDER_FIELDS = { address: '1 Cluster Street, Leeds', phone: '0113 496 0000', quantity: 1 };

export async function placeOrder(target: Target, origin: string, customer: Session, partId: string): Promise<OrderAnswer> {
  const startedAt = Date.now();
  try {
    const res = await fetch(new URL('/api/order', target.base), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, cookie: customer.cookie },
      body: JSON.stringify({ partId, ...ORDER_FIELDS }),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    let insertedId: string | null = null;
    if (res.status === 201) insertedId = (JSON.parse(text) as { insertedId: string }).insertedId;
    return {
      target: target.name,
      status: res.status,
      insertedId,
      servedBy: res.headers.get('x-served-by'),
      error: res.status === 201 || res.status === 409 ? null : text.slice(0, 200),
      startedAt,
      endedAt: Date.now(),
    };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error instanceof Error ? error.message : String(error));
    return { target: target.name, status: 0, insertedId: null, servedBy: null, error: cause, startedAt, endedAt: Date.now() };
  }
}

/** `total` orders of one piece of `partId`: order i from customer i mod n to target i mod m, `concurrency` at a time. */
export async function orderLoad(options: {
  targets: Target[];
  origin: string;
  customers: Session[];
  partId: string;
  total: number;
  concurrency: number;
  onAnswer?: (answer: OrderAnswer, all: OrderAnswer[]) => void | Promise<void>;
}): Promise<OrderAnswer[]> {
  const answers: OrderAnswer[] = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < options.total; i = next++) {
      const target = options.targets[i % options.targets.length]!;
      const customer = options.customers[i % options.customers.length]!;
      const answer = await placeOrder(target, options.origin, customer, options.partId);
      answers.push(answer);
      await options.onAnswer?.(answer, answers);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return answers;
}

/** Counts by a key, as `key: count` text sorted by key. */
export function tally<T>(items: T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)));
}

export const describe = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([key, count]) => `${key}: ${count}`)
    .join(', ') || 'none';
