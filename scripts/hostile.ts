import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { parseArgs } from 'node:util';

/** `npm run hostile -- --url URL --admin email:password --customer email:password`: bad input everywhere; fails on any 5xx. */
const { values: flags } = parseArgs({
  options: { url: { type: 'string' }, admin: { type: 'string' }, customer: { type: 'string' }, pid: { type: 'string' } },
});
if (!flags.url || !flags.admin || !flags.customer)
  throw new Error('--url, --admin email:password and --customer email:password are required');
const BASE = flags.url.replace(/\/$/, '');
const split = (pair: string) => {
  const at = pair.indexOf(':');
  return { email: pair.slice(0, at), password: pair.slice(at + 1) };
};

const statuses = new Map<string, number>();
const failures: string[] = [];
let tried = 0;

async function hit(method: string, path: string, init: { cookie?: string; body?: string; type?: string; origin?: string } = {}) {
  tried++;
  let status = 0;
  try {
    const res = await fetch(BASE + path, {
      method,
      redirect: 'manual',
      headers: {
        ...(init.cookie ? { cookie: init.cookie } : {}),
        ...(init.body !== undefined ? { 'content-type': init.type ?? 'application/json' } : {}),
        origin: init.origin ?? BASE,
      },
      body: init.body,
      signal: AbortSignal.timeout(30_000),
    });
    status = res.status;
    await res.arrayBuffer();
  } catch (error) {
    failures.push(`${method} ${path}: no answer (${(error as Error).message})`);
  }
  const group = status ? `${Math.floor(status / 100)}xx` : 'none';
  statuses.set(group, (statuses.get(group) ?? 0) + 1);
  if (status >= 500) failures.push(`${method} ${path.slice(0, 120)}: ${status}`);
  return status;
}

async function signIn(account: { email: string; password: string }): Promise<string> {
  const csrf = await fetch(`${BASE}/api/auth/csrf`);
  const jar = (csrf.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`${BASE}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar, origin: BASE },
    body: new URLSearchParams({ email: account.email, password: account.password, csrfToken, json: 'true' }),
  });
  const cookies = [jar, ...(res.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0])].join('; ');
  if (!cookies.includes('session-token')) throw new Error(`could not sign in ${account.email}`);
  return cookies;
}

const BAD_IDS = [
  'zzz',
  '%E0%A4%A',
  '%25',
  '..%2F..%2Fetc%2Fpasswd',
  'a'.repeat(5000),
  '{"$ne":null}',
  '000000000000000000000000',
  '<script>',
];
const BAD_BODIES = [
  '',
  'not json',
  '[]',
  'null',
  '{"$where":"1"}',
  '{"price":{"$gt":0}}',
  '{"payment":{"transactionId":{"$ne":null}}}',
  '{"quantity":1e309}',
  '{"price":1e-9,"name":"x"}',
  '{"name":"' + 'x'.repeat(200_000) + '"}',
  '{"__proto__":{"isAdmin":true}}',
];
const SEARCHES = [
  'q=' + 'x'.repeat(201),
  'year=1900&make=Toyota&model=Corolla',
  'year=abc&make=Toyota&model=Corolla',
  'sort=cheapest',
  'cursor=%00%00',
  'cursor=zzzzzzzzzz',
  'limit=100000',
  'limit=-1',
  'minPrice=-5',
  'minPrice=50&maxPrice=10',
  'category[$ne]=x',
  'make=Toyota',
  'inStock=maybe',
  'q=%E0%A4%A',
];

async function requests(admin: string, customer: string, other: string) {
  const part = await fetch(`${BASE}/api/search?limit=1`).then((r) => r.json() as Promise<{ items: Array<{ _id: string }> }>);
  const partId = part.items[0]!._id;
  // An order of the other customer, to reach for.
  const order = await fetch(`${BASE}/api/order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: other, origin: BASE },
    body: JSON.stringify({ partId, address: '1 Hostile Street, Leeds', phone: '0113 496 0000', quantity: 5 }),
  }).then((r) => r.json() as Promise<{ insertedId?: string }>);
  const foreignOrder = order.insertedId ?? '000000000000000000000000';

  const idRoutes = [
    '/api/parts/',
    '/api/order/',
    '/api/review/',
    '/api/myProfile/',
    '/api/admin/',
    '/api/user/',
    '/api/user/admin/',
    '/api/garage/',
    '/api/vin/',
    '/parts/',
    '/dashboard/orders/',
    '/dashboard/payment/',
    '/dashboard/manageProducts/',
    '/categories/',
  ];
  for (const cookie of [undefined, customer, admin])
    for (const route of idRoutes)
      for (const id of BAD_IDS)
        for (const method of route.startsWith('/api/') ? ['GET', 'PUT', 'PATCH', 'DELETE'] : ['GET'])
          await hit(method, route + id, { cookie });

  const bodyRoutes: Array<[string, string]> = [
    ['POST', '/api/parts'],
    ['PUT', `/api/parts/${partId}`],
    ['POST', '/api/order'],
    ['PATCH', `/api/order/${foreignOrder}`],
    ['PUT', `/api/order/${foreignOrder}`],
    ['POST', '/api/review'],
    ['POST', '/api/myProfile'],
    ['POST', '/api/create-payment-intent'],
    ['POST', '/api/garage'],
    ['PUT', '/api/garage/active'],
    ['POST', '/api/register'],
    ['POST', '/api/password/forgot'],
    ['POST', '/api/password/reset'],
    ['POST', '/api/webhooks/stripe'],
  ];
  for (const cookie of [customer, admin])
    for (const [method, route] of bodyRoutes) {
      for (const body of BAD_BODIES) await hit(method, route, { cookie, body });
      await hit(method, route, { cookie, body: '{}', type: 'text/plain' });
      await hit(method, route, { cookie, body: '{}', origin: 'http://localhost:3000.evil.example' });
    }
  for (const query of SEARCHES)
    for (const path of ['/api/search?', '/parts/search?', '/categories/brakes/search?', '/api/search/suggest?'])
      await hit('GET', path + query);
  for (const query of ['make=%00', 'make=Toyota&model=' + 'x'.repeat(500), 'model=Corolla']) await hit('GET', `/api/vehicles?${query}`);
  // Another customer's order, from this customer.
  for (const method of ['GET', 'PATCH', 'DELETE'])
    await hit(method, `/api/order/${foreignOrder}`, { cookie: customer, body: method === 'GET' ? undefined : '{}' });
  await hit('GET', `/dashboard/orders/${foreignOrder}`, { cookie: customer });
  await hit('POST', '/api/create-payment-intent', { cookie: customer, body: JSON.stringify({ orderId: foreignOrder }) });
  for (const redirect of ['%2F%09%2Fevil.example', 'https://evil.example', '//evil.example', '%0d%0aLocation:%20x'])
    await hit('GET', `/login?callbackUrl=${redirect}`);
}

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

/** The pid of the process listening on the URL's port (the Next.js server). */
function serverPid(): number {
  if (flags.pid) return Number(flags.pid);
  const port = new URL(BASE).port;
  const out = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
  const pid = /pid=(\d+)/.exec(out)?.[1];
  if (!pid) throw new Error(`nothing listens on port ${port}`);
  return Number(pid);
}

function chunkedUpload(cookie: string, bytes: number): Promise<number> {
  return new Promise((resolve) => {
    const boundary = 'hostile-boundary';
    const req = http.request(`${BASE}/api/uploads`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie, origin: BASE, 'transfer-encoding': 'chunked' },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
    req.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n`,
    );
    const chunk = Buffer.alloc(64 * 1024, 7);
    let sent = 0;
    const pump = () => {
      while (sent < bytes) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      req.end();
    };
    req.on('response', () => (sent = bytes));
    pump();
  });
}

async function main() {
  const started = Date.now();
  const admin = await signIn(split(flags.admin!));
  const customer = await signIn(split(flags.customer!));
  const registered = `hostile-${Date.now()}@example.com`;
  await fetch(`${BASE}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BASE },
    body: JSON.stringify({ name: 'Other Customer', email: registered, password: 'other-pass-123' }),
  });
  const other = await signIn({ email: registered, password: 'other-pass-123' });
  await requests(admin, customer, other);

  const pid = serverPid();
  const before = rssOf(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 100);
  const uploads = await Promise.all(Array.from({ length: 8 }, () => chunkedUpload(customer, 50 * 1024 * 1024)));
  clearInterval(sampler);
  tried += uploads.length;
  for (const status of uploads) {
    const group = status ? `${Math.floor(status / 100)}xx` : 'none';
    statuses.set(group, (statuses.get(group) ?? 0) + 1);
    if (status >= 500 || status === 0) failures.push(`chunked 50 MB upload: ${status}`);
  }

  const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
  console.log(
    `[hostile] ${tried} requests in ${((Date.now() - started) / 1000).toFixed(0)} s: ${[...statuses].map(([k, v]) => `${k} ${v}`).join(', ')}`,
  );
  console.log(
    `[hostile] 8 concurrent chunked 50 MB uploads: statuses ${uploads.join(' ')}; app RSS ${mb(before)} before, peak ${mb(peak)}`,
  );
  if (failures.length) {
    console.log(`[hostile] ${failures.length} failures:\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  } else console.log('[hostile] no 5xx, every request answered');
}

void main();
