import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { linkIn, parseMail, type MailMessage } from '../../tests/helpers/mailbox';

/** The seeded admin and customer have fixed credentials; the load's customers register and confirm their email as customers do. */
export type Credentials = { email: string; password: string };

export const BENCH_ADMIN: Credentials = { email: 'bench-admin@example.com', password: 'bench-admin-pass-1' };
export const BENCH_CUSTOMER: Credentials = { email: 'bench-customer@example.com', password: 'bench-customer-pass-1' };

/** The seed settings that give the demo accounts the credentials above. */
export function benchSeedEnv(): Record<string, string> {
  return {
    SEED_ADMIN_EMAIL: BENCH_ADMIN.email,
    SEED_ADMIN_PASSWORD: BENCH_ADMIN.password,
    SEED_CUSTOMER_EMAIL: BENCH_CUSTOMER.email,
    SEED_CUSTOMER_PASSWORD: BENCH_CUSTOMER.password,
  };
}

let addressCounter = Math.floor(Math.random() * 50_000);
/** A made-up client address per call (198.18.0.0/15 is set aside for benchmarks): the per-address rate limits see distinct visitors. */
export function nextClientAddress(): string {
  addressCounter += 1;
  return `198.${18 + ((addressCounter >> 16) & 1)}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/** The cookies a server set, sent back as one Cookie header. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(res: Response): void {
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const index = pair.indexOf('=');
      if (index > 0) this.cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export type Session = { email: string; cookie: string };

async function failure(what: string, res: Response): Promise<Error> {
  return new Error(`${what}: ${res.status} ${(await res.text()).slice(0, 300)}`);
}

/** Signs in through next-auth's endpoints exactly as the login form does (csrf token, credentials callback), keeping the cookies. */
export async function signIn(base: string, account: Credentials): Promise<Session> {
  const jar = new CookieJar();
  const address = nextClientAddress();
  const csrf = await fetch(new URL('/api/auth/csrf', base), { headers: { 'x-forwarded-for': address } });
  if (!csrf.ok) throw await failure('GET /api/auth/csrf', csrf);
  jar.store(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(new URL('/api/auth/callback/credentials', base), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header(), 'x-forwarded-for': address },
    body: new URLSearchParams({ email: account.email, password: account.password, csrfToken, json: 'true' }).toString(),
  });
  jar.store(res);
  if (res.status >= 400) throw await failure(`sign-in of ${account.email}`, res);
  const session = await fetch(new URL('/api/auth/session', base), { headers: { cookie: jar.header() } });
  const body = (await session.json()) as { user?: { email?: string } } | null;
  if (body?.user?.email !== account.email) throw new Error(`sign-in of ${account.email} did not start a session (${JSON.stringify(body)})`);
  return { email: account.email, cookie: jar.header() };
}

/** Registers a customer through POST /api/register, as its own client address. */
export async function register(base: string, account: Credentials & { name: string }): Promise<void> {
  const res = await fetch(new URL('/api/register', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextClientAddress() },
    body: JSON.stringify(account),
  });
  if (res.status !== 201) throw await failure(`POST /api/register (${account.email})`, res);
}

/** The mail a harness's server sent: the verification link to an email, once it has arrived. */
export type Mailbox = { verificationLink(email: string): Promise<string> };

const VERIFY_SUBJECT = 'Verify your email address';
const MAIL_WAIT_MS = 10_000;

const addressOf = (to: string) => (/<([^>]+)>/.exec(to)?.[1] ?? to).trim().toLowerCase();

/** Keeps a verification message's link under its recipient. */
function collect(links: Map<string, string>, message: MailMessage): void {
  if (message.subject === VERIFY_SUBJECT) links.set(addressOf(message.to), linkIn(message, '/verify-email'));
}

async function waitForLink(email: string, find: () => string | undefined): Promise<string> {
  const until = Date.now() + MAIL_WAIT_MS;
  for (;;) {
    const link = find();
    if (link) return link;
    if (Date.now() > until) throw new Error(`no verification email to ${email} within ${MAIL_WAIT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A server without EMAIL_SERVER keeps each message as a file in `dir` (lib/mail): each file is read once. */
export function mailDirMailbox(dir: string): Mailbox {
  const links = new Map<string, string>();
  const read = new Set<string>();
  const scan = () => {
    if (!existsSync(dir)) return;
    for (const file of readdirSync(dir)) {
      if (!file.endsWith('.eml') || read.has(file)) continue;
      read.add(file);
      collect(links, parseMail(readFileSync(path.join(dir, file), 'utf8'), file));
    }
  };
  return {
    verificationLink: (email) =>
      waitForLink(email, () => {
        scan();
        return links.get(email.toLowerCase());
      }),
  };
}

/** Messages handed over as an SMTP server receives them (`receive`). */
export function memoryMailbox(): Mailbox & { receive(raw: string): void } {
  const links = new Map<string, string>();
  return {
    receive: (raw) => collect(links, parseMail(raw)),
    verificationLink: (email) => waitForLink(email, () => links.get(email.toLowerCase())),
  };
}

/** Confirms a new account's email with its link and password (POST /api/verify-email), as its owner does. */
async function verifyEmail(base: string, account: Credentials, link: string): Promise<void> {
  const token = new URL(link).searchParams.get('token');
  const res = await fetch(new URL('/api/verify-email', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, 'x-forwarded-for': nextClientAddress() },
    body: JSON.stringify({ token, password: account.password }),
  });
  if (res.status !== 200) throw await failure(`POST /api/verify-email (${account.email})`, res);
}

/** `count` customers, registered, verified through `mailbox` if any (else they order under the guest limits) and signed in. */
export async function newCustomers(base: string, count: number, runId: string, mailbox: Mailbox | null): Promise<Session[]> {
  const sessions: Session[] = [];
  for (let i = 1; i <= count; i++) {
    const account = { name: `Bench Customer ${i}`, email: `bench-${runId}-${i}@example.com`, password: `bench-pass-${runId}-${i}` };
    await register(base, account);
    if (mailbox) await verifyEmail(base, account, await mailbox.verificationLink(account.email));
    sessions.push(await signIn(base, account));
  }
  return sessions;
}
