import { spawnSync } from 'node:child_process';
import http from 'node:http';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createClient } from 'redis';
import { freePort } from '@/db/embedded';
import { connectDb, disconnectDb } from '@/lib/platform/db';
import { Order, OrderIntent, OutboxClaim, OutboxMessage, Part, StockMove } from '@/models';
import { prepareEnvironment, seedIfEmpty } from './app-runner';
import { BENCH_ADMIN, benchSeedEnv, memoryMailbox, newCustomers, signIn, type Mailbox, type Session } from './bench/accounts';
import { createPart } from './bench/orders';
import { describe, orderLoad, tally, type OrderAnswer, type Target } from './cluster/orders';
import { precompress, startNginx } from './cluster/nginx';
import { startInstance, startRedis, type Managed } from './cluster/processes';
import { startSmtpMailbox } from './smtp-mailbox';

/**
 * `npm run test:cluster [-- --build] [-- --keep] [-- --uploads]` (DESIGN.md section 8a): two instances, Redis and nginx,
 * on real parts only. `--uploads` runs only the import uploads' check.
 */
const { values: flags } = parseArgs({
  options: {
    build: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    uploads: { type: 'boolean', default: false },
  },
});

const DATA_DIR = path.resolve('.data', 'cluster');
const STOCK = 100;
const ORDERS = 1000;
const CUSTOMERS = 8;
const CONCURRENCY = 24;
const PRICE_WITHIN_MS = 1000;
const SEARCH_WITHIN_MS = 5000;
const REDIS_DOWN_MS = 10_000;
const KILL_AFTER_ACCEPTED = 30;
/** The instances' IMPORT_MAX_MB here: nginx lets 1 MB more through (scripts/cluster/nginx.ts importBodyMb). */
const IMPORT_MAX_MB = 10;
const MB = 1024 * 1024;

type Check = { name: string; ok: boolean; figure: string };
const checks: Check[] = [];

function check(name: string, ok: boolean, figure: string): boolean {
  checks.push({ name, ok, figure });
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}: ${figure}`);
  return ok;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Answer = { status: number; text: string; cache: string | null; servedBy: string | null; ms: number };

async function get(base: string, pathname: string, headers: Record<string, string> = {}): Promise<Answer> {
  const started = performance.now();
  const res = await fetch(new URL(pathname, base), { headers, signal: AbortSignal.timeout(15_000) });
  const text = await res.text();
  return {
    status: res.status,
    text,
    cache: res.headers.get('x-nextjs-cache'),
    servedBy: res.headers.get('x-served-by'),
    ms: performance.now() - started,
  };
}

type Raw = { status: number; headers: Headers; body: Buffer };

/** A request whose answer's headers are read as sent (fetch decodes the body, not the headers). */
async function raw(base: string, pathname: string, init: RequestInit = {}): Promise<Raw> {
  const res = await fetch(new URL(pathname, base), { ...init, signal: AbortSignal.timeout(15_000) });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

/** The size of an answer's body as sent (compressed), however it was framed (a length or chunks). */
function sentBytes(base: string, pathname: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(new URL(pathname, base), { headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve(bytes));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** What check 9 asserts of nginx's static files: the problems found, or none. */
async function nginxStaticFacts(base: string): Promise<{ scripts: number; problems: string[]; summary: string }> {
  const problems: string[] = [];
  const html = (await raw(base, '/')).body.toString('utf8');
  const scripts = [...html.matchAll(/src="(\/_next\/static\/[^"]+\.js)"/g)].map((match) => match[1]!);
  const sizes: string[] = [];
  for (const script of scripts.slice(0, 3)) {
    const file = path.resolve('.next', 'static', script.slice('/_next/static/'.length));
    const plain = await raw(base, script, { headers: { 'accept-encoding': 'identity' } });
    const br = await raw(base, script, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    const gz = await raw(base, script, { headers: { 'accept-encoding': 'gzip' } });
    const expect = (what: string, actual: unknown, wanted: unknown) => {
      if (actual !== wanted) problems.push(`${script} ${what}: ${String(actual)}, not ${String(wanted)}`);
    };
    expect('plain encoding', plain.headers.get('content-encoding'), null);
    expect('brotli encoding (first request)', br.headers.get('content-encoding'), 'br');
    expect('brotli length', Number(br.headers.get('content-length')), statSync(`${file}.br`).size);
    expect('gzip encoding', gz.headers.get('content-encoding'), 'gzip');
    expect('gzip length', Number(gz.headers.get('content-length')), statSync(`${file}.gz`).size);
    expect('brotli bytes', br.body.equals(plain.body), true);
    expect('gzip bytes', gz.body.equals(plain.body), true);
    for (const [name, value] of [
      ['content-type', 'application/javascript; charset=utf-8'],
      ['cache-control', 'public, max-age=31536000, immutable'],
      ['x-content-type-options', 'nosniff'],
      ['x-frame-options', 'DENY'],
      ['vary', 'Accept-Encoding'],
    ] as const)
      expect(name, br.headers.get(name), value);
    sizes.push(`${plain.body.length} B, brotli ${br.headers.get('content-length')} B`);
  }
  if (scripts[0]) {
    const post = await raw(base, scripts[0], { method: 'POST' });
    if (post.status !== 405 || post.headers.get('allow') !== 'GET, HEAD')
      problems.push(`POST ${scripts[0]}: ${post.status}, Allow ${post.headers.get('allow')}`);
  }
  return { scripts: scripts.length, problems, summary: sizes.join('; ') };
}

/** What check 10 asserts of nginx's page cache and compression: the problems found, or none. */
async function nginxPageFacts(base: string, instances: string[], sessionCookie: string): Promise<{ problems: string[]; summary: string }> {
  const problems: string[] = [];
  const browser = { 'accept-encoding': 'gzip, deflate, br' };
  // The page in the app's cache first (a page rendered anew may differ from its cached copy in how it
  // writes a character), then nginx's copies of an earlier render gone (they live 2 s at most).
  for (const instance of instances) for (let i = 0; i < 2; i++) await raw(instance, '/blogs');
  await sleep(2100);
  await raw(base, '/blogs', { headers: browser });
  const kept = await raw(base, '/blogs', { headers: browser });
  const gzipOnly = await raw(base, '/blogs', { headers: { 'accept-encoding': 'gzip' } });
  const plain = await raw(base, '/blogs', { headers: { 'accept-encoding': 'identity' } });
  const signedIn = await raw(base, '/blogs', { headers: { ...browser, cookie: sessionCookie } });
  const api = await raw(base, '/api/parts', { headers: browser });
  const narrowed = await raw(base, '/parts/search?category=brakes', { headers: browser });
  const expect = (what: string, ok: boolean, figure: unknown) => {
    if (!ok) problems.push(`${what}: ${String(figure)}`);
  };
  const internal = (res: Raw) =>
    ['x-nextjs-cache', 'x-nextjs-prerender', 'x-nextjs-stale-time', 'x-middleware-rewrite'].filter((name) => res.headers.has(name));
  expect(
    "no Next.js notes on how it answered (a narrowed catalog page's rewrite target among them)",
    narrowed.status === 200 && [kept, api, narrowed].every((res) => internal(res).length === 0),
    `${narrowed.status}; ${[kept, api, narrowed].flatMap(internal).join(', ')}`,
  );
  expect(
    '/blogs brotli from the cache',
    kept.headers.get('content-encoding') === 'br' && kept.headers.get('x-proxy-cache') === 'HIT',
    `${kept.headers.get('content-encoding')} ${kept.headers.get('x-proxy-cache')}`,
  );
  const brotliBytes = await sentBytes(base, '/blogs', browser);
  const gzipBytes = await sentBytes(base, '/blogs', { 'accept-encoding': 'gzip' });
  expect(
    '/blogs brotli under a third of the page',
    brotliBytes > 0 && brotliBytes < plain.body.length / 3,
    `${brotliBytes} of ${plain.body.length} B`,
  );
  // fetch joins repeated Vary headers with a comma: Accept-Encoding once, on a kept page and an API answer.
  const encodingVaries = (res: Raw) => (res.headers.get('vary') ?? '').match(/accept-encoding/gi)?.length ?? 0;
  expect(
    '/blogs and /api/parts vary by Accept-Encoding, named once',
    encodingVaries(kept) === 1 && encodingVaries(api) === 1,
    `${kept.headers.get('vary')} | ${api.headers.get('vary')}`,
  );
  expect(
    '/blogs gzip for a gzip-only client',
    gzipOnly.headers.get('content-encoding') === 'gzip',
    gzipOnly.headers.get('content-encoding'),
  );
  expect('/blogs plain without Accept-Encoding', plain.headers.get('content-encoding') === null, plain.headers.get('content-encoding'));
  expect('the same page in every encoding', kept.body.equals(plain.body) && gzipOnly.body.equals(plain.body), 'bodies differ');
  expect(
    '/blogs public to a visitor without a session',
    kept.headers.get('cache-control') === 'public, max-age=0, s-maxage=60, stale-while-revalidate=600',
    kept.headers.get('cache-control'),
  );
  expect(
    '/blogs private to a signed-in visitor, the same page',
    signedIn.status === 200 && signedIn.headers.get('cache-control') === 'private, no-cache' && signedIn.body.equals(plain.body),
    `${signedIn.status} ${signedIn.headers.get('cache-control')}`,
  );
  expect(
    '/api/parts compressed',
    api.headers.get('content-encoding') === 'br' && (JSON.parse(api.body.toString('utf8')) as unknown[]).length > 0,
    api.headers.get('content-encoding'),
  );
  return {
    problems,
    summary: `/blogs ${plain.body.length} B plain, ${brotliBytes} B brotli (${kept.headers.get('x-proxy-cache')}), ${gzipBytes} B gzip; signed in: ${signedIn.headers.get('cache-control')}; /api/parts ${api.headers.get('content-encoding')}`,
  };
}

/** Check 12: under traffic an expired copy goes out at once (STALE) while the app is asked; after a pause, never an old price. */
async function nginxExpiredCopies(base: string, instance: string, origin: string, admin: Session, partId: string) {
  const problems: string[] = [];
  const pagePath = `/parts/${partId}`;
  const statuses: string[] = [];
  let slowest = 0;
  const until = performance.now() + 3500;
  while (performance.now() < until) {
    const started = performance.now();
    const res = await raw(base, pagePath);
    slowest = Math.max(slowest, performance.now() - started);
    statuses.push(`${res.status} ${res.headers.get('x-proxy-cache') ?? '-'}`);
    await sleep(250);
  }
  if (!statuses.includes('200 STALE')) problems.push(`no expired copy sent while the app was asked again: ${statuses.join(', ')}`);
  await sleep(4000);
  const price = 81.27;
  await send(instance, origin, admin, 'PUT', `/api/parts/${partId}`, { price });
  const after = await raw(base, pagePath);
  const shown = after.body.toString('utf8').includes(`$${price.toFixed(2)}`);
  if (!shown)
    problems.push(
      `after a pause, the price changed meanwhile was not on the next page (${after.status} ${after.headers.get('x-proxy-cache')})`,
    );
  return {
    problems,
    summary: `every 250 ms for 3.5 s: ${statuses.join(', ')} (slowest ${Math.round(slowest)} ms); after a 4 s pause and a price change: ${after.headers.get('x-proxy-cache')}, the new price shown`,
  };
}

/** Sends a change as the admin; fails the run when the shop refuses it (the checks after it would mean nothing). */
async function send(base: string, origin: string, admin: Session, method: string, pathname: string, body: unknown): Promise<void> {
  const res = await fetch(new URL(pathname, base), {
    method,
    headers: { 'content-type': 'application/json', origin, cookie: admin.cookie },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${pathname} answered ${res.status}: ${text.slice(0, 300)}`);
}

/** Polls `probe` every 25 ms until it answers true: the time it took, or null after `limitMs`. */
async function timeUntil(probe: () => Promise<boolean>, limitMs: number): Promise<number | null> {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    if (await probe().catch(() => false)) return Math.round(performance.now() - started);
    await sleep(25);
  }
  return null;
}

const ms = (value: number | null) => (value === null ? 'never' : `${value} ms`);

/** A local SMTP server that counts the messages it receives by subject. */
async function startMailbox(): Promise<{ port: number; subjects: Map<string, number>; close(): Promise<void> } & Mailbox> {
  const subjects = new Map<string, number>();
  const links = memoryMailbox();
  const server = await startSmtpMailbox((message) => {
    const raw = message.toString('utf8');
    const subject = /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? '(none)';
    subjects.set(subject, (subjects.get(subject) ?? 0) + 1);
    links.receive(raw);
  });
  return { ...server, subjects, verificationLink: links.verificationLink };
}

/** How many keys Redis holds (a short connection of its own). */
async function redisKeys(url: string, match?: string): Promise<number> {
  const client = createClient({ url });
  client.on('error', () => {});
  await client.connect();
  try {
    if (!match) return await client.dbSize();
    let count = 0;
    for await (const keys of client.scanIterator({ MATCH: match, COUNT: 1000 })) count += keys.length;
    return count;
  } finally {
    client.destroy();
  }
}

/** The part's stored stock and its ledger's sum, from the database. */
async function stockFacts(partId: string): Promise<{ stock: number; ledger: number; orders: number; intents: number }> {
  await connectDb();
  const [part, moves, orders, intents] = await Promise.all([
    Part.findById(partId, { availableQuantity: 1 }).lean(),
    StockMove.find({ partId }, { delta: 1 }).lean(),
    Order.countDocuments({ partId }),
    OrderIntent.countDocuments({ partId }),
  ]);
  return { stock: part?.availableQuantity ?? -1, ledger: moves.reduce((sum, move) => sum + move.delta, 0), orders, intents };
}

/** A guest's 16 units, added through nginx and then on each instance in turn, must all show on both instances. */
async function cartAcrossInstances(
  lbBase: string,
  instances: string[],
  partId: string,
  origin: string,
): Promise<{ servedBy: Array<string | null>; problems: string[]; summary: string }> {
  let cookie = '';
  const problems: string[] = [];
  const call = async (base: string, method: 'GET' | 'POST') => {
    const res = await fetch(new URL(method === 'GET' ? '/api/cart' : '/api/cart/lines', base), {
      method,
      headers: { 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}) },
      body: method === 'POST' ? JSON.stringify({ partId, quantity: 1 }) : undefined,
      signal: AbortSignal.timeout(15_000),
    });
    const set = res.headers.getSetCookie().find((value) => value.startsWith('partsmart.cart='));
    if (set) cookie = set.split(';')[0]!;
    const body = (await res.json()) as { count?: number };
    if (res.status !== (method === 'POST' ? 201 : 200)) problems.push(`${method} on ${base} answered ${res.status}`);
    return { servedBy: res.headers.get('x-served-by'), count: body.count ?? -1 };
  };
  const servedBy: Array<string | null> = [];
  // The first add goes to any instance; it sets the cookie that names the cart for the rest.
  await call(lbBase, 'POST');
  for (let i = 0; i < 5; i++) servedBy.push((await call(lbBase, 'POST')).servedBy);
  for (let i = 0; i < 10; i++) await call(instances[i % instances.length]!, 'POST');
  const counts = await Promise.all(instances.map(async (base) => (await call(base, 'GET')).count));
  if (counts.some((count) => count !== 16)) problems.push(`the instances show ${counts.join(' and ')} units, not 16`);
  return { servedBy, problems, summary: `16 units added, each instance shows ${counts.join(' and ')}` };
}

/** A multipart import upload of `bytes` (a PIES file that is not XML) through `base`, as `cookie`'s holder or a visitor. */
async function upload(base: string, pathname: string, origin: string, bytes: number, cookie?: string): Promise<Raw> {
  const form = new FormData();
  form.set('format', 'pies');
  form.set('file', new Blob([new Uint8Array(bytes).fill(0x78)]), 'supplier.xml');
  return raw(base, pathname, { method: 'POST', body: form, headers: { origin, ...(cookie ? { cookie } : {}) } });
}

/** What the uploads' check asserts: an import's upload reaches the app through nginx, streamed; any other body stops at 6 MB. */
async function importUploadFacts(base: string, origin: string, admin: Session, customer: Session, nginxDir: string) {
  const problems: string[] = [];
  const json = (res: Raw) =>
    res.headers.get('content-type')?.startsWith('application/json')
      ? (JSON.parse(res.body.toString('utf8')) as Record<string, unknown>)
      : null;
  const expect = (what: string, res: Raw, status: number, body: (answer: Record<string, unknown> | null) => boolean) => {
    if (res.status !== status || !body(json(res)))
      problems.push(`${what}: ${res.status} ${res.headers.get('content-type')} ${res.body.toString('utf8').slice(0, 120)}`);
  };
  const queued = await upload(base, '/api/admin/imports', origin, 8 * MB, admin.cookie);
  expect("an admin's 8 MB upload", queued, 202, (answer) => answer?.state === 'queued');
  const id = String(json(queued)?.id ?? '');
  if (id) await raw(base, `/api/admin/imports/${id}`, { method: 'DELETE', headers: { origin, cookie: admin.cookie } });
  const visitor = await upload(base, '/api/admin/imports', origin, 8 * MB);
  expect("a visitor's 8 MB upload", visitor, 401, (answer) => typeof answer?.error === 'string');
  const customers = await upload(base, '/api/admin/imports', origin, 8 * MB, customer.cookie);
  expect("a customer's 8 MB upload", customers, 403, (answer) => typeof answer?.error === 'string');
  const over = await upload(base, '/api/admin/imports', origin, IMPORT_MAX_MB * MB + MB / 2, admin.cookie);
  expect(
    `an admin's upload over IMPORT_MAX_MB (${IMPORT_MAX_MB})`,
    over,
    413,
    (answer) => answer?.error === `The file is larger than ${IMPORT_MAX_MB} MB`,
  );
  const beyond = await upload(base, '/api/admin/imports', origin, (IMPORT_MAX_MB + 2) * MB, admin.cookie);
  expect(`an upload past nginx's ${IMPORT_MAX_MB + 1} MB`, beyond, 413, (answer) => answer === null);
  const elsewhere = await raw(base, '/api/parts', {
    method: 'POST',
    body: new Uint8Array(8 * MB),
    headers: { origin, cookie: admin.cookie, 'content-type': 'application/json' },
  });
  expect('an 8 MB POST to /api/parts', elsewhere, 413, (answer) => answer === null);
  const buffered =
    readFileSync(path.join(nginxDir, 'error.log'), 'utf8').match(/buffered to a temporary file.*\/api\/admin\/imports/g) ?? [];
  if (buffered.length) problems.push(`nginx held ${buffered.length} upload(s) on its disk before passing them on`);
  return {
    problems,
    summary: `admin 8 MB ${queued.status}, visitor ${visitor.status}, customer ${customers.status}, over ${IMPORT_MAX_MB} MB ${over.status} (the app's JSON), over ${IMPORT_MAX_MB + 1} MB ${beyond.status} (nginx), 8 MB to /api/parts ${elsewhere.status} (${elsewhere.headers.get('content-type')}); no upload held on nginx's disk`,
  };
}

/**
 * Bodies the app refuses, through nginx, again and again: a 3 MB JSON body (over 100 kB, within nginx's 6 MB) and an
 * upload over IMPORT_MAX_MB. Each must be the app's own 413, and nginx must never see the instance fail: a connection
 * closed while nginx still sends the body is a 502 (or a cut answer) and takes the instance out for 5 s.
 */
async function refusedBodyFacts(base: string, origin: string, admin: Session, nginxDir: string, tries: number) {
  const answers: Record<string, number> = {};
  const tally = (what: string) => (answers[what] = (answers[what] ?? 0) + 1);
  const expected = { json: 'The request body is larger than 100 kB', upload: `The file is larger than ${IMPORT_MAX_MB} MB` };
  const answered = async (kind: keyof typeof expected, send: () => Promise<Raw>) => {
    try {
      const res = await send();
      const ok = res.status === 413 && res.body.toString('utf8').includes(expected[kind]);
      tally(`${kind} ${ok ? "the app's 413" : `${res.status} ${res.body.toString('utf8').slice(0, 60)}`}`);
    } catch (error) {
      tally(`${kind} ${String((error as Error).message)}`);
    }
  };
  for (let i = 0; i < tries; i++) {
    await answered('json', () =>
      raw(base, '/api/cart/lines', {
        method: 'POST',
        body: new Uint8Array(3 * MB),
        headers: { origin, 'content-type': 'application/json' },
      }),
    );
    await answered('upload', () => upload(base, '/api/admin/imports', origin, IMPORT_MAX_MB * MB + MB / 2, admin.cookie));
  }
  const failures =
    readFileSync(path.join(nginxDir, 'error.log'), 'utf8').match(
      /^.*(?:while (?:sending request to|reading response header from|reading upstream)|no live upstreams|temporarily disabled).*$/gm,
    ) ?? [];
  const wrong = Object.keys(answers).filter((what) => !what.endsWith("the app's 413"));
  const counted = Object.entries(answers).map(([what, n]) => `${what}: ${n}`);
  const first = failures.length ? `: ${failures[0]!.replace(/^.*\[error\] /, '').slice(0, 160)}` : '';
  return {
    ok: wrong.length === 0 && failures.length === 0,
    figure: `${counted.join(', ')}; nginx saw ${failures.length} upstream failure(s)${first}`,
  };
}

function ensureBuild(): void {
  if (!flags.build && existsSync(path.resolve('.next', 'BUILD_ID'))) {
    console.log('[cluster] using the production build in .next (--build builds it again)');
    return;
  }
  console.log('[cluster] next build');
  const result = spawnSync(process.execPath, [path.resolve('node_modules', 'next', 'dist', 'bin', 'next'), 'build'], {
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) throw new Error('next build failed');
}

async function main(): Promise<void> {
  ensureBuild();
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(DATA_DIR, { recursive: true });
  const runId = Date.now().toString(36);
  const [redisPort, portA, portB, lbPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const lbBase = `http://127.0.0.1:${lbPort}`;
  const mailbox = await startMailbox();
  Object.assign(process.env, {
    ...benchSeedEnv(),
    SHOP_DATA_DIR: DATA_DIR,
    // The shop's address is the balancer's: links in emails, and the origin a browser would send.
    NEXTAUTH_URL: lbBase,
    PAYMENTS_PROVIDER: 'test',
    // nginx appends the address it saw; a client talking to an instance directly plays that proxy here.
    TRUSTED_PROXY_HOPS: '1',
    EMAIL_SERVER: `smtp://127.0.0.1:${mailbox.port}`,
    NEXT_TELEMETRY_DISABLED: '1',
    // The loads place many unpaid orders per customer, and reach the instances through nginx from one
    // address: one client's hold limits (tested in jest and the bench) would make most take stock at payment.
    UNPAID_HOLD_ORDERS: '0',
    IMPORT_MAX_MB: String(IMPORT_MAX_MB),
  });
  const db = await prepareEnvironment();
  console.log(`[cluster] database ${db.engine}; data and logs in ${DATA_DIR}`);
  await seedIfEmpty();

  const running: Managed[] = [];
  const redisUrl = `redis://127.0.0.1:${redisPort}`;
  try {
    let redis = await startRedis(redisPort, DATA_DIR);
    running.push(redis);
    const instanceEnv = { ...process.env, REDIS_URL: redisUrl };
    const [a, b] = await Promise.all([startInstance('A', portA, instanceEnv, DATA_DIR), startInstance('B', portB, instanceEnv, DATA_DIR)]);
    running.push(a, b);
    await precompress(path.resolve('.next', 'static'));
    const lb = await startNginx({
      dir: path.join(DATA_DIR, 'nginx'),
      port: lbPort,
      servers: [
        { name: 'A', port: portA },
        { name: 'B', port: portB },
      ],
    });
    running.push(lb);
    const instanceName = new Map([
      [`127.0.0.1:${portA}`, 'A'],
      [`127.0.0.1:${portB}`, 'B'],
    ]);
    const instanceOf = (answer: { servedBy: string | null }) => instanceName.get(answer.servedBy ?? '') ?? answer.servedBy;
    console.log(
      `[cluster] redis ${redisUrl}, instance A ${a.base} (${Math.round(a.readyMs)} ms), B ${b.base} (${Math.round(b.readyMs)} ms), nginx ${lb.base}`,
    );

    const admin = await signIn(a.base, BENCH_ADMIN);
    // Registered and signed in through B, used everywhere: the session (a JWT) holds on every instance.
    const customers = await newCustomers(b.base, CUSTOMERS, runId, mailbox);
    const origin = lbBase;
    const A: Target = { name: 'A', base: a.base };
    const B: Target = { name: 'B', base: b.base };
    const LB: Target = { name: 'balancer', base: lb.base };

    // Import uploads through nginx: past the 6 MB every other body stops at, streamed to the app, which answers them itself.
    const uploads = await importUploadFacts(lb.base, origin, admin, customers[0]!, path.join(DATA_DIR, 'nginx'));
    check(
      "nginx: an import's upload reaches the app (202, 401, 403, the app's 413 over IMPORT_MAX_MB), streamed; 8 MB elsewhere is 413",
      uploads.problems.length === 0,
      uploads.problems.length ? uploads.problems.join('; ') : uploads.summary,
    );
    const refusedBodies = await refusedBodyFacts(lb.base, origin, admin, path.join(DATA_DIR, 'nginx'), 20);
    check(
      "nginx: refused bodies (3 MB of JSON, an upload over IMPORT_MAX_MB) are the app's 413, no instance failed",
      refusedBodies.ok,
      refusedBodies.figure,
    );
    if (flags.uploads) return;

    // 1. One cache for both: a page A rendered is a hit on B's first request.
    const part1 = await createPart(a.base, admin, `Cluster ${runId} brake caliper`, 50, origin);
    // Each instance's search index catches up with a new part from the catalog log and expires its pages then:
    // a render made before B has caught up would rightly not be served. A renders once B's search finds the part.
    const settledOnB = await timeUntil(
      async () =>
        (
          JSON.parse((await get(b.base, `/api/search?q=${encodeURIComponent(`Cluster ${runId} brake caliper`)}`)).text) as {
            items: Array<{ _id: string }>;
          }
        ).items.some((item) => item._id === part1.id),
      10_000,
    );
    const pagePath = `/parts/${part1.id}`;
    const firstA = await get(a.base, pagePath);
    // A stores its render after answering: B's first request comes once the page's entry is in Redis.
    const stored = await timeUntil(async () => (await redisKeys(redisUrl, `*${part1.id}*`)) > 0, 5000);
    const firstB = await get(b.base, pagePath);
    const keys = await redisKeys(redisUrl);
    check(
      'shared cache: a page rendered by A is served from Redis by B',
      firstA.status === 200 && firstB.cache === 'HIT' && keys > 0,
      `B's index had the new part after ${ms(settledOnB)}; A ${firstA.status} ${firstA.cache}, stored in Redis after ${ms(stored)}, then B's first request ${firstB.status} ${firstB.cache}; ${keys} keys in Redis`,
    );

    // 2. A price changed through A shows on B (page and API) and through the balancer within 1 s.
    await get(b.base, pagePath);
    const newPrice = 73.19;
    await send(a.base, origin, admin, 'PUT', `/api/parts/${part1.id}`, { price: newPrice });
    const [pageB, apiB, pageLb] = await Promise.all([
      timeUntil(async () => (await get(b.base, pagePath)).text.includes('$73.19'), 5000),
      timeUntil(async () => (JSON.parse((await get(b.base, `/api/parts/${part1.id}`)).text) as { price: number }).price === newPrice, 5000),
      timeUntil(async () => (await get(lb.base, pagePath)).text.includes('$73.19'), 5000),
    ]);
    check(
      `price changed through A shows on B within ${PRICE_WITHIN_MS} ms`,
      [pageB, apiB, pageLb].every((t) => t !== null && t <= PRICE_WITHIN_MS),
      `page on B after ${ms(pageB)}, API on B after ${ms(apiB)}, page through the balancer after ${ms(pageLb)}`,
    );

    // 3. A part added through A is found by search through B within 5 s (B had the empty result cached).
    const word = `zq${runId}`;
    const searchPath = `/api/search?q=${word}`;
    const catalogPath = `/parts/search?q=${word}`;
    await get(b.base, searchPath);
    await get(b.base, catalogPath);
    const part2 = await createPart(a.base, admin, `Cluster ${word} probe bracket`, 20, origin);
    const [searchB, catalogB] = await Promise.all([
      timeUntil(
        async () =>
          (JSON.parse((await get(b.base, searchPath)).text) as { items: Array<{ _id: string }> }).items.some(
            (item) => item._id === part2.id,
          ),
        10_000,
      ),
      timeUntil(async () => (await get(b.base, catalogPath)).text.includes(`Cluster ${word} probe bracket`), 10_000),
    ]);
    check(
      `a part added through A is found through B within ${SEARCH_WITHIN_MS} ms`,
      [searchB, catalogB].every((t) => t !== null && t <= SEARCH_WITHIN_MS),
      `GET /api/search on B after ${ms(searchB)}, the catalog page on B after ${ms(catalogB)}`,
    );

    // 4. 1,000 orders of one part with stock 100 over A, B and the balancer: exactly 100 accepted, no errors.
    const part3 = await createPart(a.base, admin, `Cluster ${runId} oil filter`, STOCK, origin);
    const started = performance.now();
    const answers = await orderLoad({ targets: [A, B, LB], origin, customers, partId: part3.id, total: ORDERS, concurrency: CONCURRENCY });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const accepted = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status === 409);
    const errors = answers.filter((answer) => answer.status !== 201 && answer.status !== 409);
    const facts3 = await stockFacts(part3.id);
    const servedBy = tally(
      answers.filter((answer) => answer.target === 'balancer'),
      (answer) => instanceOf(answer) ?? 'unknown',
    );
    check(
      `${ORDERS} orders on stock ${STOCK} over both instances`,
      accepted.length === STOCK && refused.length === ORDERS - STOCK && errors.length === 0 && facts3.orders === STOCK,
      `${accepted.length} accepted, ${refused.length} refused (409), ${errors.length} errors${errors.length ? ` (${describe(tally(errors, (e) => `${e.target} ${e.status} ${e.error}`))})` : ''} in ${seconds} s; accepted by target ${describe(tally(accepted, (x) => x.target))}; the balancer's requests served by ${describe(servedBy)}; ${facts3.orders} orders stored`,
    );
    check(
      'stock equals the ledger after the load',
      facts3.stock === facts3.ledger && facts3.stock === 0,
      `stock ${facts3.stock}, ledger sum ${facts3.ledger}`,
    );

    // The first load's emails are all sent while both senders live: a duplicate of one of them can only be
    // two live senders sending one message (a message A is sending when it is killed may go twice).
    await timeUntil(async () => (await OutboxMessage.countDocuments({ state: 'pending' })) === 0, 180_000);

    // 5. Instance A is killed in the middle of the same load on a second part.
    const part4 = await createPart(a.base, admin, `Cluster ${runId} air filter`, STOCK, origin);
    let killedAt = 0;
    const pidA = a.child.pid ?? 0;
    const killAnswers = await orderLoad({
      targets: [A, B, LB],
      origin,
      customers,
      partId: part4.id,
      total: ORDERS,
      concurrency: CONCURRENCY,
      onAnswer: async (_answer, all) => {
        if (killedAt || all.filter((x) => x.status === 201).length < KILL_AFTER_ACCEPTED) return;
        killedAt = Date.now();
        a.child.kill('SIGKILL');
        console.log(`[cluster] killed instance A (pid ${pidA}) after ${KILL_AFTER_ACCEPTED} accepted orders`);
      },
    });
    const after = (answer: OrderAnswer) => answer.startedAt > killedAt;
    const appErrors = (answer: OrderAnswer) => answer.status !== 0 && answer.status !== 201 && answer.status !== 409;
    const onB = killAnswers.filter((x) => x.target === 'B');
    const onLbAfterFailover = killAnswers.filter((x) => x.target === 'balancer' && x.startedAt > killedAt + 2000);
    const killAccepted = killAnswers.filter((x) => x.status === 201);
    const failedB = onB.filter((x) => x.status !== 201 && x.status !== 409);
    const failedLb = onLbAfterFailover.filter((x) => x.status !== 201 && x.status !== 409);
    // With A still down: the balancer answers every request (from B), whatever the load's timing was.
    const afterKill = await Promise.all(
      Array.from({ length: 40 }, (_, i) => get(lb.base, i % 2 ? `/api/parts/${part4.id}` : `/parts/${part4.id}`).catch(() => null)),
    );
    const probesOk = afterKill.filter((probe) => probe?.status === 200 && instanceOf(probe) === 'B').length;
    check(
      'instance A killed mid-load: B and the balancer keep serving',
      killedAt > 0 && failedB.length === 0 && failedLb.length === 0 && probesOk === afterKill.length,
      `after the kill: B directly ${onB.filter(after).length} answered, ${failedB.length} failed; the balancer ${killAnswers.filter((x) => x.target === 'balancer' && after(x)).length} requests, ${failedLb.length} failed once it had failed over (2 s), then ${probesOk} of ${afterKill.length} pages and API reads answered by B; ` +
        `connection errors to A ${killAnswers.filter((x) => x.target === 'A' && x.status === 0).length}, the balancer's answers lost with A ${killAnswers.filter((x) => x.target === 'balancer' && (x.status === 0 || appErrors(x))).length} (${describe(
          tally(
            killAnswers.filter((x) => x.target === 'balancer' && (x.status === 0 || appErrors(x))),
            (x) => String(x.status),
          ),
        )}); app errors on B ${onB.filter(appErrors).length}`,
    );
    await connectDb();
    const storedIds = new Set((await Order.find({ partId: part4.id }, { _id: 1 }).lean()).map((order) => String(order._id)));
    const lost = killAccepted.filter((x) => !storedIds.has(x.insertedId ?? ''));
    check(
      'no accepted order is lost',
      lost.length === 0,
      `${killAccepted.length} accepted (201), ${lost.length} of them missing; ${storedIds.size} orders stored`,
    );

    // A supervisor starts A again: its start-up jobs repair the stock of moves it left half-written.
    const a2 = await startInstance('A', portA, instanceEnv, DATA_DIR);
    running.push(a2);
    console.log(`[cluster] instance A started again in ${Math.round(a2.readyMs)} ms`);

    // 6. Redis stopped for 10 s: pages are rendered without it, nothing answers 500; then it is used again.
    await redis.stop();
    const downAt = performance.now();
    const outage: Array<{ status: number; ms: number }> = [];
    const duringPrice = 64.28;
    let priceDuringOutage: number | null = null;
    const probes = [pagePath, '/', `/api/parts/${part1.id}`, searchPath, catalogPath];
    while (performance.now() - downAt < REDIS_DOWN_MS) {
      for (const base of [a2.base, b.base, lb.base]) {
        for (const probe of probes) {
          const answer = await get(base, probe).catch(() => ({ status: 0, ms: 0 }) as Answer);
          outage.push({ status: answer.status, ms: answer.ms });
        }
      }
      if (priceDuringOutage === null && performance.now() - downAt > 3000) {
        await send(a2.base, origin, admin, 'PUT', `/api/parts/${part1.id}`, { price: duringPrice });
        priceDuringOutage = await timeUntil(async () => (await get(b.base, pagePath)).text.includes('$64.28'), 5000);
      }
    }
    const not200 = outage.filter((x) => x.status !== 200);
    check(
      `Redis stopped for ${REDIS_DOWN_MS / 1000} s: every page and API answer is served`,
      not200.length === 0 && outage.length > 0 && priceDuringOutage !== null && priceDuringOutage <= PRICE_WITHIN_MS,
      `${outage.length} requests to A, B and the balancer, ${not200.length} not 200 (${describe(tally(not200, (x) => String(x.status)))}), slowest ${Math.round(Math.max(...outage.map((x) => x.ms)))} ms; a price changed through A meanwhile showed on B after ${ms(priceDuringOutage)}`,
    );
    redis = await startRedis(redisPort, DATA_DIR);
    running.push(redis);
    // Each attempt a part page neither instance has rendered: a hit on B can only be A's render, from Redis.
    const fresh = (JSON.parse((await get(a2.base, '/api/parts?limit=100')).text) as Array<{ _id: string }>)
      .map((part) => part._id)
      .filter((id) => ![part1.id, part2.id, part3.id, part4.id].includes(id));
    const reused = await timeUntil(async () => {
      const id = fresh.shift();
      if (!id) return false;
      await get(a2.base, `/parts/${id}`);
      return (await get(b.base, `/parts/${id}`)).cache === 'HIT';
    }, 20_000);
    const priceAfter = (await get(b.base, pagePath)).text.includes('$64.28') && (await get(lb.base, pagePath)).text.includes('$64.28');
    const keysAfter = await redisKeys(redisUrl);
    check(
      'Redis back: the shared cache is used again',
      reused !== null && priceAfter && keysAfter > 0,
      `B served A's render from Redis ${ms(reused)} after Redis started again; ${keysAfter} keys in Redis; the price changed during the outage shown on B and through the balancer: ${priceAfter}`,
    );

    // 7. After the kill: the instances' reconciliation returns the stock of orders A never stored, once.
    const reconciled = await timeUntil(async () => (await stockFacts(part4.id)).intents === 0, 180_000);
    const facts4 = await stockFacts(part4.id);
    const orphanReturns = await StockMove.countDocuments({ partId: part4.id, reason: 'cancel', by: 'reconciliation' });
    check(
      'after the kill, the reconciliation leaves the stock equal to the ledger',
      reconciled !== null && facts4.stock === facts4.ledger && facts4.stock === STOCK - facts4.orders,
      `stock ${facts4.stock}, ledger sum ${facts4.ledger}, ${facts4.orders} orders stored (stock ${STOCK} - orders = ${STOCK - facts4.orders}); ${orphanReturns} stock moves of orders A never stored returned; intents cleared ${ms(reconciled)} after A came back`,
    );

    // 8. Two mail senders, one database: every order's email sent once (a message A was sending when killed may go twice).
    const drained = await timeUntil(async () => (await OutboxMessage.countDocuments({ state: 'pending' })) === 0, 180_000);
    const numbers = (await Order.find({ partId: { $in: [part3.id, part4.id] } }, { number: 1, partId: 1 }).lean()).map((order) => ({
      number: order.number ?? '',
      load: String(order.partId) === part3.id ? 'first' : 'kill',
    }));
    const received = (number: string) => mailbox.subjects.get(`Order ${number} is booked: please pay it`) ?? 0;
    const missing = numbers.filter((order) => received(order.number) === 0);
    const twice = numbers.filter((order) => received(order.number) > 1);
    const owner = `${hostname()}:${pidA}:`;
    const cutShort = await OutboxClaim.countDocuments({
      owner: { $regex: `^${owner.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}` },
      outcome: null,
    });
    check(
      'order emails: each sent once by one of the two senders',
      drained !== null && missing.length === 0 && twice.filter((order) => order.load === 'first').length === 0 && twice.length <= cutShort,
      `${numbers.length} orders, ${numbers.length - missing.length} booked emails received, ${missing.length} missing, ${twice.length} sent twice (${cutShort} sends cut short by the kill); outbox drained ${ms(drained)} after the reconciliation`,
    );

    // 9. nginx sends the build's scripts as the .br and .gz files next to them, with a year of caching.
    const lbCustomer = customers[0]!;
    const staticFacts = await nginxStaticFacts(lb.base);
    check(
      "nginx: the build's scripts as their precompressed brotli or gzip, a year of caching, the security headers; other methods 405",
      staticFacts.problems.length === 0 && staticFacts.scripts >= 3,
      staticFacts.problems.length ? staticFacts.problems.join('; ') : `${staticFacts.scripts} scripts checked: ${staticFacts.summary}`,
    );

    // 10. A shared page is kept compressed once per encoding for everyone, a signed-in visitor told it is private.
    const pageFacts = await nginxPageFacts(lb.base, [a2.base, b.base], lbCustomer.cookie);
    check(
      'nginx: a shared page kept once per encoding (brotli, gzip, plain: the same page), the API compressed, a signed-in copy private',
      pageFacts.problems.length === 0,
      pageFacts.problems.length ? pageFacts.problems.join('; ') : pageFacts.summary,
    );

    // 11. A cart: its calls through nginx go to one instance (the one that remembers it), and written on
    //     both instances in turn it keeps every unit (each instance's remembered cart fails its revision).
    const cartFacts = await cartAcrossInstances(lb.base, [a2.base, b.base], part1.id, origin);
    const cartServers = cartFacts.servedBy.map((server) => instanceOf({ servedBy: server }));
    check(
      "a guest's cart: its calls through nginx go to one instance; written on A and B in turn, every unit kept",
      cartFacts.problems.length === 0 && new Set(cartServers).size === 1,
      cartFacts.problems.length
        ? cartFacts.problems.join('; ')
        : `the adds through nginx after the first served by ${cartServers.join(', ')}; ${cartFacts.summary}`,
    );

    // 12. A page copy past its time: sent at once while the app is asked again; after a pause, never an old one.
    const expired = await nginxExpiredCopies(lb.base, a2.base, origin, admin, part1.id);
    check(
      'nginx: an expired page copy sent at once while the app is asked again; after a pause a changed price shows at once',
      expired.problems.length === 0,
      expired.problems.length ? expired.problems.join('; ') : expired.summary,
    );
  } finally {
    for (const proc of running.reverse()) await proc.stop().catch(() => {});
    await disconnectDb().catch(() => {});
    await db.stop().catch(() => {});
    await mailbox.close().catch(() => {});
    if (!flags.keep && checks.every((c) => c.ok)) rmSync(DATA_DIR, { recursive: true, force: true });
  }
}

main()
  .then(() => {
    const failed = checks.filter((c) => !c.ok);
    console.log(`\n[cluster] ${checks.length - failed.length} of ${checks.length} checks passed`);
    if (failed.length) console.log(`[cluster] logs of the run: ${DATA_DIR}`);
    process.exit(failed.length ? 1 : 0);
  })
  .catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    console.log(`[cluster] logs of the run: ${DATA_DIR}`);
    process.exit(1);
  });
