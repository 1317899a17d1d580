/**
 * The benchmark's accounts: the seeded admin and customer have fixed credentials (passed to the
 * server as SEED_* and used by `npm run seed:scale`), the load's customers register through the API.
 */
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

/** `count` new customers, registered and signed in; emails carry `runId` so a kept database accepts them again. */
export async function newCustomers(base: string, count: number, runId: string): Promise<Session[]> {
  const sessions: Session[] = [];
  for (let i = 1; i <= count; i++) {
    const account = { name: `Bench Customer ${i}`, email: `bench-${runId}-${i}@example.com`, password: `bench-pass-${runId}-${i}` };
    await register(base, account);
    sessions.push(await signIn(base, account));
  }
  return sessions;
}
