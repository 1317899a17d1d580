import { nextClientAddress, type Session } from './accounts';
import { fixed, formatTable, median, percentileOf, runLoad, type LoadResult } from './load';
import { createPart, type BenchPart } from './orders';

/** Cart and checkout in `npm run bench` (issue 29): the cart calls, 5-line checkouts, 300 checkouts at once, a capped code. */

export const CHECKOUT_BENCH_NAMES = ['cart', 'quote', 'checkout', 'checkout-burst', 'code-cap'] as const;

/** The cart table's first row: the floor its calls stand on, measured in the same run. */
const BASELINE_CALL = 'OPTIONS /api/cart (floor: no work)';
const DESTINATION = { country: 'GB', postalCode: 'LS2 7HX' };
const ADDRESS = { name: 'Bench Buyer', line1: '1 Benchmark Street', city: 'Leeds', ...DESTINATION };
const PHONE = '0113 496 0000';

type Buyer = { cookie: string };

function json(base: string, path: string, method: string, buyer: Buyer | null, body?: unknown, extra: Record<string, string> = {}) {
  return fetch(new URL(path, base), {
    method,
    headers: {
      'content-type': 'application/json',
      origin: base,
      'x-forwarded-for': nextClientAddress(),
      ...(buyer?.cookie ? { cookie: buyer.cookie } : {}),
      ...extra,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
}

/** A guest with a cart of these parts (the first add sets the guest's signed cookie), in this order. */
export async function guestWith(base: string, parts: BenchPart[]): Promise<Buyer> {
  const buyer: Buyer = { cookie: '' };
  for (const part of parts) {
    const res = await json(base, '/api/cart/lines', 'POST', buyer, { partId: part.id, quantity: 1 });
    const set = res.headers.getSetCookie().find((cookie) => cookie.startsWith('partsmart.cart='));
    if (set) buyer.cookie = set.split(';')[0]!;
    if (res.status !== 201) throw new Error(`POST /api/cart/lines answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    await res.arrayBuffer().catch(() => {});
  }
  return buyer;
}

async function fillCart(base: string, buyer: Buyer, parts: BenchPart[]): Promise<void> {
  for (const part of parts) {
    const res = await json(base, '/api/cart/lines', 'POST', buyer, { partId: part.id, quantity: 1 });
    if (res.status !== 201) throw new Error(`POST /api/cart/lines answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    await res.arrayBuffer();
  }
}

async function inBatches<T>(count: number, size: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let start = 0; start < count; start += size)
    out.push(...(await Promise.all(Array.from({ length: Math.min(size, count - start) }, (_, k) => make(start + k)))));
  return out;
}

const shuffled = <T>(items: T[]) => [...items].sort(() => Math.random() - 0.5);

/** Runs `fire` for every buyer, 10 at a time (each of 10 workers takes the next buyer when its last one is answered). */
async function tenAtATime<T>(buyers: Buyer[], fire: (buyer: Buyer, index: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (next < buyers.length) {
        const index = next++;
        out.push(await fire(buyers[index]!, index));
      }
    }),
  );
  return out;
}

async function standardMethod(base: string, buyer: Buyer): Promise<string> {
  const res = await json(base, '/api/checkout/quote', 'POST', buyer, DESTINATION);
  const quote = (await res.json()) as { methods?: Array<{ id: string; label: string }> };
  const method = quote.methods?.find((candidate) => candidate.label === 'Standard') ?? quote.methods?.[0];
  if (!method) throw new Error(`no shipping method for ${JSON.stringify(DESTINATION)}: ${JSON.stringify(quote).slice(0, 200)}`);
  return method.id;
}

type Fired = { status: number; ms: number; body: { error?: string; orderId?: string } | null };

async function checkoutOnce(base: string, buyer: Buyer, body: Record<string, unknown>, extra: Record<string, string> = {}): Promise<Fired> {
  const started = performance.now();
  try {
    const res = await json(base, '/api/checkout', 'POST', buyer, body, {
      'idempotency-key': `bench-${Math.random().toString(36).slice(2)}`,
      ...extra,
    });
    const text = await res.text();
    return { status: res.status, ms: performance.now() - started, body: text ? (JSON.parse(text) as { error?: string }) : null };
  } catch {
    return { status: 0, ms: performance.now() - started, body: null };
  }
}

async function stockOf(base: string, partId: string): Promise<number | null> {
  const res = await fetch(new URL(`/api/parts/${partId}`, base));
  return res.ok ? ((await res.json()) as { availableQuantity: number }).availableQuantity : null;
}

/** The admin's view of the newest orders holding a part (multi-line orders list it in `lines`). */
async function ordersHolding(
  base: string,
  admin: Session,
  partIds: string[],
): Promise<Array<{ _id: string; lines: Array<{ partId: string; quantity: number }>; discount: { code: string } | null }>> {
  const found = [];
  for (let page = 1; page <= 50; page++) {
    const res = await fetch(new URL(`/api/allOrder?limit=100&page=${page}`, base), { headers: { cookie: admin.cookie } });
    if (!res.ok) break;
    const orders = (await res.json()) as Array<{
      _id: string;
      lines: Array<{ partId: string; quantity: number }>;
      discount: { code: string } | null;
      cancelled: boolean;
    }>;
    found.push(...orders.filter((order) => !order.cancelled && order.lines.some((line) => partIds.includes(line.partId))));
    if (orders.length < 100) break;
  }
  return found;
}

export type CheckoutBenchReport = { lines: string[]; checks: string[] };

const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

export async function runCheckoutBench(
  base: string,
  admin: Session,
  customers: Session[],
  {
    rounds,
    seconds,
    runId,
    wanted,
    log,
  }: { rounds: number; seconds: number; runId: string; wanted: (name: string) => boolean; log: (line: string) => void },
): Promise<CheckoutBenchReport> {
  const lines: string[] = [];
  const checks: string[] = [];
  const plenty = await Promise.all(Array.from({ length: 5 }, (_, i) => createPart(base, admin, `Bench cart ${runId} ${i + 1}`, 1_000_000)));

  // Cart calls and the quote under autocannon: 10 guests with 5-line carts, one per connection (a cart is
  // written by its own browser; ten connections adding to the same carts in turn would queue on them).
  if (wanted('cart') || wanted('quote')) {
    const guests = await inBatches(10, 5, () => guestWith(base, plenty));
    const perConnection = guests.map((guest) => ({ cookie: guest.cookie, 'x-forwarded-for': nextClientAddress() }));
    const runs = new Map<string, LoadResult[]>();
    for (let round = 0; round <= rounds; round++) {
      // Round 0 warms each call for a second, unmeasured, as the pages are warmed before theirs.
      const runFor = round === 0 ? 1 : seconds;
      // The floor in the same run: the same route answering OPTIONS, which reads nothing (Next.js's routing,
      // our handler's wrapper, autocannon and the machine's load, without the cart's own work).
      const calls: Array<[string, () => Promise<LoadResult>]> = [
        [BASELINE_CALL, () => runLoad({ base, path: '/api/cart', method: 'OPTIONS', connections: 10, seconds: runFor, perConnection })],
      ];
      if (wanted('cart')) {
        calls.push(['GET /api/cart', () => runLoad({ base, path: '/api/cart', connections: 10, seconds: runFor, perConnection })]);
        calls.push([
          'POST /api/cart/lines',
          () =>
            runLoad({
              base,
              path: '/api/cart/lines',
              method: 'POST',
              connections: 10,
              seconds: runFor,
              headers: { 'content-type': 'application/json', origin: base },
              perConnection,
              body: JSON.stringify({ partId: plenty[0]!.id, quantity: 1 }),
            }),
        ]);
      }
      if (wanted('quote'))
        calls.push([
          'POST /api/checkout/quote',
          () =>
            runLoad({
              base,
              path: '/api/checkout/quote',
              method: 'POST',
              connections: 10,
              seconds: runFor,
              headers: { 'content-type': 'application/json', origin: base },
              perConnection,
              body: JSON.stringify(DESTINATION),
            }),
        ]);
      for (const [name, run] of calls) {
        const result = await run();
        if (round === 0) continue;
        runs.set(name, [...(runs.get(name) ?? []), result]);
        log(`[bench] round ${round}/${rounds}, 10 conns, ${name}: ${fixed(result.reqPerSec)} req/s, p95 ${fixed(result.p95, 0)} ms`);
      }
    }
    const rows = [...runs].map(([name, results]) => {
      const p95 = median(results.map((result) => result.p95));
      const p975 = median(results.map((result) => result.p975));
      const goal = name.includes('quote') ? 100 : 50;
      if (name !== BASELINE_CALL) checks.push(`${verdict(p95 < goal)}  ${name}: p95 ${fixed(p95, 1)} ms at 10 connections (< ${goal})`);
      const bad = results.reduce((sum, result) => sum + result.non2xx + result.errors, 0);
      return [
        name,
        fixed(median(results.map((result) => result.reqPerSec))),
        fixed(median(results.map((result) => result.p50)), 1),
        fixed(p95, 1),
        fixed(p975, 1),
        fixed(median(results.map((result) => result.p99)), 1),
        String(bad),
      ];
    });
    lines.push(`\n== Cart and quote (10 guests with 5-line carts, one per connection; ${rounds} round(s) of ${seconds} s; medians) ==`);
    lines.push(formatTable(['call', 'req/s', 'p50', 'p95', 'p97.5', 'p99', 'non-2xx or errors'], rows));
  }

  // 5-line checkouts at 10 connections: new guests' carts are filled first (not timed), then checked
  // out 10 at a time (timed), so that the figure is the checkout's alone and not the cart writes'.
  if (wanted('checkout')) {
    const method = await standardMethod(base, await guestWith(base, plenty));
    const perWorker = Math.max(5, Math.round((seconds * rounds) / 2));
    // Each guest its own email, as each comes from its own address (the guest limits count both).
    const checkoutAll = (buyers: Buyer[], label: string) =>
      tenAtATime(buyers, (buyer, i) =>
        checkoutOnce(base, buyer, {
          email: `bench-guest-${runId}-${label}-${i}@example.com`,
          address: ADDRESS,
          phone: PHONE,
          shippingMethod: method,
        }),
      );
    // Warmed first, unmeasured, as every call and page is before its figure: 20 checkouts (the first ones
    // of a fresh server compile the checkout's code), then a pause for their emails to go out.
    const warm = await checkoutAll(await inBatches(20, 10, () => guestWith(base, shuffled(plenty))), 'warm');
    const refused = warm.filter((entry) => entry.status !== 201);
    if (refused.length)
      log(`[bench] ${refused.length} of the 20 warming checkouts answered ${refused.map((entry) => entry.status).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const filled = await inBatches(10 * perWorker, 10, () => guestWith(base, shuffled(plenty)));
    const fired = await checkoutAll(filled, 'timed');
    const times = fired.map((entry) => entry.ms);
    const statuses: Record<string, number> = {};
    for (const entry of fired) statuses[entry.status] = (statuses[entry.status] ?? 0) + 1;
    const p95 = percentileOf(times, 95);
    lines.push(`\n== 5-line checkouts, 10 at a time (${times.length} checkouts of new guests' carts) ==`);
    lines.push(
      formatTable(
        ['checkouts', 'p50', 'p95', 'max', 'statuses'],
        [
          [
            String(times.length),
            fixed(percentileOf(times, 50), 0),
            fixed(p95, 0),
            fixed(Math.max(...times), 0),
            Object.entries(statuses)
              .map(([s, n]) => `${n}x${s}`)
              .join(' '),
          ],
        ],
      ),
    );
    checks.push(
      `${verdict(p95 < 250 && statuses['201'] === times.length)}  5-line checkout: p95 ${fixed(p95, 0)} ms at 10 at a time (< 250), all placed`,
    );
  }

  // 300 concurrent checkouts: 20 customers and 280 guests, each cart the same 3 parts (stock 100 each) in shuffled order.
  if (wanted('checkout-burst')) {
    const scarce = await Promise.all([1, 2, 3].map((i) => createPart(base, admin, `Bench scarce ${runId} ${i}`, 100)));
    const buyers: Buyer[] = customers.slice(0, 20).map((customer) => ({ cookie: customer.cookie }));
    for (const buyer of buyers) await fillCart(base, buyer, shuffled(scarce));
    buyers.push(...(await inBatches(300 - buyers.length, 10, () => guestWith(base, shuffled(scarce)))));
    const method = await standardMethod(base, buyers[0]!);
    log(`[bench] checkout burst: ${buyers.length} checkouts at once of carts holding the same 3 parts (stock 100 each)...`);
    const fired = await Promise.all(
      buyers.map((buyer, i) =>
        checkoutOnce(base, buyer, {
          ...(i < 20 ? {} : { email: `bench-burst-${i}@example.com` }),
          address: ADDRESS,
          phone: PHONE,
          shippingMethod: method,
        }),
      ),
    );
    const count = (status: number) => fired.filter((answer) => answer.status === status).length;
    const others = fired.filter((answer) => answer.status !== 201 && answer.status !== 409);
    const serverErrors = fired.filter((answer) => answer.status >= 500 || answer.status === 0).length;
    const maxMs = Math.max(...fired.map((answer) => answer.ms));
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const stocks = await Promise.all(scarce.map((part) => stockOf(base, part.id)));
    const orders = await ordersHolding(
      base,
      admin,
      scarce.map((part) => part.id),
    );
    const unitsOrdered = scarce.map((part) =>
      orders.reduce((sum, order) => sum + (order.lines.find((line) => line.partId === part.id)?.quantity ?? 0), 0),
    );
    // Honest answers: every stored order was answered 201 to its buyer, and every 201 names a stored order.
    const told = new Set(fired.flatMap((answer) => (answer.status === 201 && answer.body?.orderId ? [answer.body.orderId] : [])));
    const untold = orders.filter((order) => !told.has(order._id)).length;
    const phantom = [...told].filter((id) => !orders.some((order) => order._id === id)).length;
    lines.push('\n== 300 concurrent checkouts, each cart the same 3 parts (stock 100 each) in shuffled order ==');
    lines.push(
      `slowest answer ${fixed(maxMs, 0)} ms; placed ${count(201)}, refused with 409 ${count(409)}, other ${others.map((answer) => answer.status).join(' ') || 'none'} (5xx or no answer: ${serverErrors}); stock after ${stocks.join(', ')}; orders holding them ${orders.length}, units ordered per part ${unitsOrdered.join(', ')}; stored orders whose buyer was told anything but 201: ${untold}; 201 answers naming no stored order: ${phantom}`,
    );
    const ok =
      maxMs < 10_000 &&
      count(201) === 100 &&
      count(409) === 200 &&
      !others.length &&
      untold === 0 &&
      phantom === 0 &&
      stocks.every((stock) => stock === 0) &&
      orders.length === 100 &&
      unitsOrdered.every((units) => units === 100);
    checks.push(
      `${verdict(ok)}  300 concurrent checkouts: every answer within 10 s, 0 5xx, exactly 100 orders each told 201, 200 refused with 409, stock 0, ledger = orders`,
    );
  }

  // A code capped at 10 uses, 100 concurrent checkouts.
  if (wanted('code-cap')) {
    const code = `CAP${runId}`
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '')
      .slice(0, 32);
    const made = await json(
      base,
      '/api/admin/discount-codes',
      'POST',
      { cookie: admin.cookie },
      { code, kind: 'percent', percent: 5, maxUses: 10 },
    );
    if (made.status !== 201)
      throw new Error(`POST /api/admin/discount-codes answered ${made.status}: ${(await made.text()).slice(0, 200)}`);
    const buyers = await inBatches(100, 10, () => guestWith(base, [plenty[1]!]));
    const method = await standardMethod(base, buyers[0]!);
    const fired = await Promise.all(
      buyers.map((buyer, i) =>
        checkoutOnce(base, buyer, {
          email: `bench-code-${i}@example.com`,
          address: ADDRESS,
          phone: PHONE,
          shippingMethod: method,
          discountCode: code,
        }),
      ),
    );
    const orders = (await ordersHolding(base, admin, [plenty[1]!.id])).filter((order) => order.discount?.code === code);
    const placed = fired.filter((answer) => answer.status === 201).length;
    lines.push(`\n== A code capped at 10 uses, 100 concurrent checkouts ==`);
    lines.push(
      `placed ${placed}, refused ${fired.length - placed} (${[...new Set(fired.filter((a) => a.status !== 201).map((a) => `${a.status} ${a.body?.error ?? ''}`))].join('; ')}); orders carrying the code ${orders.length}`,
    );
    checks.push(
      `${verdict(placed === 10 && orders.length === 10)}  a code capped at 10 uses under 100 concurrent checkouts: ${orders.length} orders carry it (exactly 10)`,
    );
  }
  return { lines, checks };
}

const TEST_CARD = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };

/** Pays an order as its page does on the offline test gateway: the intent, the card, the confirmation. Answers the last status. */
async function payOrder(base: string, customer: Session, orderId: string): Promise<number> {
  const buyer = { cookie: customer.cookie };
  const intent = await json(base, '/api/create-payment-intent', 'POST', buyer, { orderId });
  if (intent.status !== 200) return intent.status;
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const confirmed = await json(base, '/api/test-gateway/confirm', 'POST', buyer, { clientSecret, ...TEST_CARD });
  if (confirmed.status !== 200) return confirmed.status;
  const { id } = (await confirmed.json()) as { id: string };
  const paid = await json(base, `/api/order/${orderId}`, 'PATCH', buyer, { payment: { order: orderId, transactionId: id } });
  await paid.arrayBuffer();
  return paid.status;
}

/** Hoarding (issue 44 A1): one client, twenty unpaid checkouts at once of a part; then a customer from elsewhere buys 50 and pays. */
export async function hoardingRound(
  base: string,
  admin: Session,
  customer: Session,
  runId: string,
  log: (line: string) => void,
): Promise<CheckoutBenchReport> {
  const part = await createPart(base, admin, `Bench hoard ${runId}`, 100);
  const hostile = nextClientAddress();
  const variants = Array.from({ length: 10 }, (_, i) => (i % 2 ? `hoarder+${i}@example.com` : `Hoard.${'e.'.repeat(i)}r@gmail.com`));
  log(`[bench] hoarding: 20 checkouts at once from ${hostile} with 10 email variants, a part of stock 100...`);
  const buyers = await inBatches(20, 10, async (i) => {
    const buyer: Buyer = { cookie: '' };
    const res = await json(
      base,
      '/api/cart/lines',
      'POST',
      buyer,
      { partId: part.id, quantity: i % 2 ? 100 : 10 },
      { 'x-forwarded-for': hostile },
    );
    buyer.cookie = res.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith('partsmart.cart='))!
      .split(';')[0]!;
    await res.arrayBuffer();
    return buyer;
  });
  const method = await standardMethod(base, buyers[0]!);
  const fired = await Promise.all(
    buyers.map((buyer, i) =>
      checkoutOnce(
        base,
        buyer,
        { email: variants[i % 10], address: ADDRESS, phone: PHONE, shippingMethod: method },
        { 'x-forwarded-for': hostile },
      ),
    ),
  );
  const forSale = await stockOf(base, part.id);
  const placed = await json(
    base,
    '/api/order',
    'POST',
    { cookie: customer.cookie },
    { partId: part.id, address: '1 Buyer Street, Leeds', phone: PHONE, quantity: 50 },
  );
  const { insertedId } = (await placed.json()) as { insertedId?: string };
  const paid = insertedId ? await payOrder(base, customer, insertedId) : placed.status;
  const after = await stockOf(base, part.id);
  const statuses: Record<string, number> = {};
  for (const answer of fired) statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
  const lines = [
    '\n== Hoarding: 20 unpaid checkouts at once from one address, 10 email variants, a part of stock 100 ==',
    `answers ${Object.entries(statuses)
      .map(([status, n]) => `${n}x${status}`)
      .join(' ')}; for sale afterwards ${forSale}; a customer's order of 50: placed ${placed.status}, paid ${paid}; stock after ${after}`,
  ];
  const ok = forSale !== null && forSale >= 90 && placed.status === 201 && paid === 200 && after === forSale - 50;
  return { lines, checks: [`${verdict(ok)}  hoarding: ${forSale} of 100 left for sale (>= 90); a customer then bought 50 (paid ${paid})`] };
}
