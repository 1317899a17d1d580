import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { E2E_ACCOUNTS } from '../e2e/config';
import { prepareEnvironment, seedIfEmpty, spawnServer } from './app-runner';
import { failedInsideItself } from './schemathesis-log';

/** `npm run fuzz:api` (issue 30): pinned Schemathesis over every API operation as each role; FUZZ_PORT, FUZZ_MAX_EXAMPLES tune it. */
const SCHEMATHESIS_VERSION = '4.32.5';
/** Its example generator, pinned too: pip would otherwise take whichever release is newest that day. */
const HYPOTHESIS_VERSION = '6.170.17';
const VENV = path.resolve('.cache', `schemathesis-${SCHEMATHESIS_VERSION}-hypothesis-${HYPOTHESIS_VERSION}`);
const ST = path.join(VENV, 'bin', 'st');
const PORT = process.env.FUZZ_PORT ?? '3390';
const BASE = `http://localhost:${PORT}`;
const DATA_DIR = path.resolve('.data', 'fuzz');
const REPORTS = path.join(DATA_DIR, 'reports');
const MAX_EXAMPLES = process.env.FUZZ_MAX_EXAMPLES ?? '5';
const CHECKS = [
  'not_a_server_error',
  'response_schema_conformance',
  'status_code_conformance',
  'content_type_conformance',
  'response_headers_conformance',
  'unsupported_method',
].join(',');
/** Which undeclared methods the coverage phase sends (not TRACE: see the file). */
const CONFIG = path.resolve('scripts', 'schemathesis.toml');
/** Processes to stop if this script is stopped. */
const children = new Set<ChildProcess>();

function installSchemathesis(): void {
  // A venv moved or copied from elsewhere cannot start (no stdout): it is made again.
  if (existsSync(ST) && (spawnSync(ST, ['--version'], { encoding: 'utf8' }).stdout ?? '').includes(SCHEMATHESIS_VERSION)) return;
  console.log(`[fuzz] installing schemathesis==${SCHEMATHESIS_VERSION} into ${VENV}`);
  rmSync(VENV, { recursive: true, force: true });
  const run = (command: string, args: string[]) => {
    const result = spawnSync(command, args, { stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
  };
  run('python3', ['-m', 'venv', VENV]);
  run(path.join(VENV, 'bin', 'pip'), ['install', '--quiet', `schemathesis==${SCHEMATHESIS_VERSION}`, `hypothesis==${HYPOTHESIS_VERSION}`]);
}

async function waitUntilUp(server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const ok = await fetch(`${BASE}/api/parts?limit=1`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not answer within 180 s');
}

/** Signs in through next-auth's credentials form, as a browser does; answers the session cookie. */
async function signIn(account: { email: string; password: string }): Promise<string> {
  const csrf = await fetch(`${BASE}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const csrfCookie = csrf.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
  const res = await fetch(`${BASE}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: csrfCookie },
    body: new URLSearchParams({ email: account.email, password: account.password, csrfToken, json: 'true' }),
  });
  const session = res.headers.getSetCookie().find((cookie) => cookie.startsWith('next-auth.session-token='));
  if (!session) throw new Error(`signing in ${account.email} failed: ${res.status} ${await res.text()}`);
  return session.split(';')[0]!;
}

async function bearerFor(cookie: string, email: string): Promise<string> {
  const res = await fetch(`${BASE}/api/user/${encodeURIComponent(email)}`, { method: 'PUT', headers: { cookie, origin: BASE } });
  if (!res.ok) throw new Error(`no bearer token for ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

type RunResult = { role: string; exitCode: number; requests: number };

/** Where a role's whole Schemathesis output is kept. */
const logOf = (role: string) => path.join(REPORTS, `${role}.log`);

function runSchemathesis(role: string, headers: string[]): Promise<RunResult> {
  const har = path.join(REPORTS, `${role}.har`);
  const args = [
    '--config-file',
    CONFIG,
    'run',
    `${BASE}/api/openapi.json`,
    '--url',
    BASE,
    '--checks',
    CHECKS,
    '--max-examples',
    MAX_EXAMPLES,
    '--max-redirects',
    '0',
    // One worker: with two, Hypothesis's ast.parse calls race on CPython 3.11's AST recursion counter (CPython gh-106905).
    '--workers',
    '1',
    '--seed',
    process.env.FUZZ_SEED ?? '30',
    '--request-timeout',
    '30',
    '--suppress-health-check',
    'all',
    '--continue-on-failure',
    '--report',
    'har',
    '--report-har-path',
    har,
    '--exclude-operation-id',
    'docsScript',
    ...headers.flatMap((header) => ['--header', header]),
  ];
  console.log(`\n[fuzz] ${role}: st ${args.join(' ').replace(/(Cookie|Authorization): \S+( \S+)?/g, '$1: …')}`);
  return new Promise((resolve) => {
    // Run in the data directory: Schemathesis keeps its cache (.schemathesis/) in the working directory.
    const child = spawn(ST, args, {
      cwd: DATA_DIR,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1', SCHEMATHESIS_HOOKS: '' },
    });
    children.add(child);
    relay(child, logOf(role));
    child.on('close', (code) => {
      children.delete(child);
      let requests = 0;
      try {
        requests = (JSON.parse(readFileSync(har, 'utf8')) as { log: { entries: unknown[] } }).log.entries.length;
      } catch {
        // no report: counted as 0
      }
      resolve({ role, exitCode: code ?? 1, requests });
    });
  });
}

/** One role's run, made once more with the same seed when Schemathesis failed inside itself rather than on a response. */
async function runRole(role: string, headers: string[]): Promise<RunResult> {
  const first = await runSchemathesis(role, headers);
  if (first.exitCode === 0 || !failedInsideItself(readFileSync(logOf(role), 'utf8'))) return first;
  console.log(`\n[fuzz] ${role}: Schemathesis failed inside its example generator, not on a response; running it again`);
  renameSync(logOf(role), logOf(`${role}.first`));
  return runSchemathesis(role, headers);
}

/** Relays Schemathesis's output and keeps it in `file`; its "===" banner rules go, as CI reads that shape as a pytest run. */
function relay(child: ChildProcess, file: string): void {
  const kept = createWriteStream(file);
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream }).on('line', (line) => {
      kept.write(`${line}\n`);
      console.log(line.replace(/^=+ (.*) =+$/, '-- $1 --'));
    });
  }
  child.once('close', () => kept.end());
}

async function main(): Promise<void> {
  installSchemathesis();
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(REPORTS, { recursive: true });
  process.env.SHOP_DATA_DIR = DATA_DIR;
  process.env.PORT = PORT;
  process.env.NEXTAUTH_URL = BASE;
  process.env.PAYMENTS_PROVIDER = 'test';
  process.env.SEED_ADMIN_EMAIL = E2E_ACCOUNTS.admin.email;
  process.env.SEED_ADMIN_PASSWORD = E2E_ACCOUNTS.admin.password;
  process.env.SEED_CUSTOMER_EMAIL = E2E_ACCOUNTS.customer.email;
  process.env.SEED_CUSTOMER_PASSWORD = E2E_ACCOUNTS.customer.password;
  const db = await prepareEnvironment();
  await seedIfEmpty();
  rmSync(path.resolve('.next', 'cache', 'fetch-cache'), { recursive: true, force: true });
  const log = path.join(DATA_DIR, 'server.log');
  const out = openSync(log, 'a');
  const server = spawnServer('start', ['-p', PORT], { stdio: ['ignore', out, out] });
  children.add(server);
  const stop = () => {
    for (const child of children) child.kill('SIGTERM');
    void db.stop().finally(() => process.exit(1));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  let failed = false;
  try {
    await waitUntilUp(server);
    const customer = await signIn(E2E_ACCOUNTS.customer);
    const admin = await bearerFor(await signIn(E2E_ACCOUNTS.admin), E2E_ACCOUNTS.admin.email);
    const results: RunResult[] = [];
    results.push(await runRole('visitor', []));
    results.push(await runRole('customer', [`Cookie: ${customer}`, `Origin: ${BASE}`]));
    results.push(await runRole('admin', [`Authorization: Bearer ${admin}`]));
    const serverErrors = readFileSync(log, 'utf8')
      .split('\n')
      .filter((line) => /\b(Error|TypeError|unhandled)\b/.test(line) && !/^\[(db|search|seed|jobs)\]/.test(line));
    console.log('\n[fuzz] requests per role:', results.map((r) => `${r.role} ${r.requests} (exit ${r.exitCode})`).join(', '));
    console.log(`[fuzz] ${results.reduce((sum, r) => sum + r.requests, 0)} requests in all; server log ${log}`);
    if (serverErrors.length) console.log(`[fuzz] error lines in the server log:\n${serverErrors.slice(0, 20).join('\n')}`);
    failed = results.some((r) => r.exitCode !== 0);
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => (server.exitCode === null ? server.once('exit', resolve) : resolve(null)));
    await db.stop().catch(() => undefined);
  }
  if (failed) {
    console.error('[fuzz] Schemathesis found failures (see above)');
    process.exit(1);
  }
  console.log('[fuzz] 0 failures');
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
