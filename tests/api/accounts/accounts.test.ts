import path from 'node:path';
import { POST as nextAuthPost } from '@/app/api/auth/[...nextauth]/route';
import { POST as forgotRoute } from '@/app/api/password/forgot/route';
import { POST as resetRoute } from '@/app/api/password/reset/route';
import { POST as registerRoute } from '@/app/api/register/route';
import { GET as verifyLinkRoute, POST as verifyRoute } from '@/app/api/verify-email/route';
import { POST as resendRoute } from '@/app/api/verify-email/resend/route';
import { GET as adminCheckRoute } from '@/app/api/admin/[email]/route';
import { authOptions, WRONG_CREDENTIALS } from '@/lib/auth/options';
import { dataDir } from '@/lib/platform/env';
import { verificationStep, VERIFY_TEXT } from '@/lib/accounts';
import { authenticate, findUserByEmail } from '@/lib/auth/users';
import { OneTimeToken, RateLimitHit, User } from '@/models';
import { callRoute, type CallOptions } from '@/tests/helpers/api';
import { makeUser } from '@/tests/helpers/factories';
import { latestMailTo, linkIn, readMailbox } from '@/tests/helpers/mailbox';

const mailDir = () => path.join(dataDir(), 'mail');
let ipCounter = 0;
/** Each test comes from its own address, so the per-address limits do not leak between tests. */
const fromNewIp = () => ({ 'x-forwarded-for': `203.0.113.${++ipCounter}` });

async function register(body: unknown, headers = fromNewIp()) {
  return callRoute(registerRoute, '/api/register', { method: 'POST', body, headers });
}

describe('POST /api/register', () => {
  it('creates the account with a lower-case email and a bcrypt hash, and mails a verification link', async () => {
    const res = await register({ name: 'Nora Field', email: 'Nora.Field@Example.com', password: 'secret123' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, user: { email: 'nora.field@example.com', name: 'Nora Field' } });

    const stored = await User.findOne({ email: 'nora.field@example.com' }).lean();
    expect(stored?.name).toBe('Nora Field');
    expect(stored?.passwordHash).toMatch(/^\$2[aby]\$/);
    expect(stored?.passwordHash).not.toContain('secret123');
    expect(stored?.emailVerified).toBeUndefined();
    expect(stored?.role).toBeUndefined();

    const mail = latestMailTo(mailDir(), 'nora.field@example.com', /Verify your email/);
    expect(mail).toBeDefined();
    expect(linkIn(mail!, '/verify-email?token=')).toMatch(/^http:\/\/localhost:3000\/verify-email\?token=[\w-]{40,}$/);
  });

  it('refuses a duplicate email (any case) with a clear 409 and stores nothing', async () => {
    await register({ name: 'First', email: 'dup@example.com', password: 'secret123' });
    const res = await register({ name: 'Second', email: 'DUP@example.com', password: 'other123' });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('An account with this email already exists, please log in');
    expect(await User.countDocuments({ email: 'dup@example.com' })).toBe(1);
    expect((await User.findOne({ email: 'dup@example.com' }).lean())?.name).toBe('First');
  });

  it.each([
    [{ email: 'a@example.com', password: 'secret123' }, 'name', 'Name is Required'],
    [{ name: '', email: 'a@example.com', password: 'secret123' }, 'name', 'Name is Required'],
    [{ name: 'A', password: 'secret123' }, 'email', 'Email is Required'],
    [{ name: 'A', email: 'not-an-email', password: 'secret123' }, 'email', 'Provide a valid Email'],
    [{ name: 'A', email: 'a@example.c', password: 'secret123' }, 'email', 'Provide a valid Email'],
    [{ name: 'A', email: `a@example.${'x'.repeat(25)}`, password: 'secret123' }, 'email', 'Provide a valid Email'],
    [{ name: 'A', email: { $ne: '' }, password: 'secret123' }, 'email', 'Email is Required'],
    [{ name: 'A', email: 'a@example.com' }, 'password', 'Password is Required'],
    [{ name: 'A', email: 'a@example.com', password: '12345' }, 'password', 'Must be 6 characters or longer'],
  ])('refuses %j with the spec message and stores nothing', async (body, field, message) => {
    const before = await User.countDocuments();
    const res = await register(body);
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors[field]).toContain(message);
    expect(await User.countDocuments()).toBe(before);
  });

  it('refuses a body that is not JSON: 415 for another content type, 400 for broken JSON', async () => {
    const form = await callRoute(registerRoute, '/api/register', { method: 'POST', rawBody: 'name=x', headers: fromNewIp() });
    expect(form.status).toBe(415);
    expect(form.body.error).toBe('Send the body as JSON (Content-Type: application/json)');
    const broken = await callRoute(registerRoute, '/api/register', {
      method: 'POST',
      rawBody: '{"name":',
      headers: { 'content-type': 'application/json', ...fromNewIp() },
    });
    expect(broken.status).toBe(400);
    expect(broken.body.error).toBe('The request body must be JSON');
  });

  it('limits registrations per address (429 with a message)', async () => {
    const headers = fromNewIp();
    for (let i = 0; i < 10; i++)
      expect((await register({ name: 'R', email: `burst${i}@example.com`, password: 'secret123' }, headers)).status).toBe(201);
    const res = await register({ name: 'R', email: 'burst-last@example.com', password: 'secret123' }, headers);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('3600');
    expect(res.body.error).toMatch(/Too many accounts/);
    expect(await User.countDocuments({ email: 'burst-last@example.com' })).toBe(0);
  });
});

describe('per-email limits', () => {
  it('limits registrations per email, whatever the address they come from', async () => {
    const email = 'limited-register@example.com';
    for (let i = 0; i < 5; i++) await register({ name: 'R', email, password: 'secret123' });
    const res = await register({ name: 'R', email, password: 'secret123' });
    expect(res.status).toBe(429);
  });

  it('limits password resets per email, whatever the address they come from', async () => {
    const user = await makeUser();
    await callRoute(forgotRoute, '/api/password/forgot', { method: 'POST', body: { email: user.email }, headers: fromNewIp() });
    const token = new URL(linkIn(latestMailTo(mailDir(), user.email, /Reset/)!, '/reset-password')).searchParams.get('token')!;
    const reset = () =>
      callRoute(resetRoute, '/api/password/reset', { method: 'POST', body: { token, password: 'whatever-123' }, headers: fromNewIp() });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await reset()).status);
    expect(statuses[0]).toBe(200);
    expect(statuses.slice(1, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('Google sign-in', () => {
  const google = { provider: 'google', providerAccountId: 'g-123', type: 'oauth' as const };

  it('joins the account that has the same email, and keeps our own user id in the session', async () => {
    const existing = await makeUser({ email: 'same.person@example.com', name: 'Same Person', verified: false });
    const { callbacks } = authOptions();
    const profile = { email: 'Same.Person@example.com', email_verified: true, name: 'Same P. (Google)', sub: 'g-123' };
    const allowed = await callbacks!.signIn!({ user: { id: 'g-123', email: profile.email }, account: google, profile } as never);
    expect(allowed).toBe(true);
    const token = await callbacks!.jwt!({
      token: {},
      user: { id: 'g-123', email: profile.email, name: profile.name },
      account: google,
    } as never);
    expect(token).toMatchObject({ sub: existing._id, email: 'same.person@example.com', name: 'Same Person' });
    expect(await User.countDocuments({ email: 'same.person@example.com' })).toBe(1);
    const stored = await User.findById(existing._id).lean();
    expect(stored?.googleId).toBe('g-123');
    expect(stored?.emailVerified).toBeInstanceOf(Date);
  });

  it('creates a new account for a new Google email, and refuses an email Google has not verified', async () => {
    const { callbacks } = authOptions();
    const fresh = { email: 'new.google@example.com', email_verified: true, name: 'New Google', sub: 'g-456' };
    expect(
      await callbacks!.signIn!({ user: { id: 'g-456' }, account: { ...google, providerAccountId: 'g-456' }, profile: fresh } as never),
    ).toBe(true);
    expect(await User.findOne({ email: 'new.google@example.com' }).lean()).toMatchObject({ name: 'New Google', googleId: 'g-456' });

    const unverified = { email: 'victim@example.com', email_verified: false, name: 'Attacker', sub: 'g-789' };
    await makeUser({ email: 'victim@example.com' });
    const answer = await callbacks!.signIn!({
      user: { id: 'g-789' },
      account: { ...google, providerAccountId: 'g-789' },
      profile: unverified,
    } as never);
    expect(answer).toBe('/login?error=GoogleEmailUnverified');
    expect((await User.findOne({ email: 'victim@example.com' }).lean())?.googleId).toBeUndefined();
  });
});

describe('email verification', () => {
  /** The token of the latest verification email to `email`. */
  const tokenFor = (email: string) =>
    new URL(linkIn(latestMailTo(mailDir(), email, /Verify your email/)!, '/verify-email')).searchParams.get('token')!;
  const confirm = (body: unknown, options: Pick<CallOptions, 'as' | 'origin'> = {}) =>
    callRoute(verifyRoute, '/api/verify-email', { method: 'POST', body, headers: fromNewIp(), ...options });
  const verified = async (email: string) => (await findUserByEmail(email))?.emailVerified;

  it('opening the link (as a mail scanner does) verifies nothing: the old API link lands on the page with its token', async () => {
    await register({ name: 'Scan', email: 'scan@example.com', password: 'secret123' });
    const token = tokenFor('scan@example.com');
    const res = await callRoute(verifyLinkRoute, `/api/verify-email?token=${token}`);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`http://localhost:3000/verify-email?token=${token}`);
    expect(await verificationStep(token, null)).toEqual({ state: 'confirm', email: 'scan@example.com', needsPassword: true });
    expect(await verified('scan@example.com')).toBe(false);
    const empty = await callRoute(verifyLinkRoute, '/api/verify-email');
    expect(empty.headers.get('location')).toBe('http://localhost:3000/verify-email?status=invalid');
  });

  it("verifies with the account's password once; confirming again says the email is already verified", async () => {
    await register({ name: 'Vera', email: 'vera@example.com', password: 'secret123' });
    const token = tokenFor('vera@example.com');

    const first = await confirm({ token, password: 'secret123' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true, status: 'verified' });
    expect(await verified('vera@example.com')).toBe(true);

    const second = await confirm({ token, password: 'secret123' });
    expect(second.body).toEqual({ success: true, status: 'already-verified' });
    expect(await verificationStep(token, null)).toEqual({ state: 'already-verified' });
  });

  it("the account's own session confirms without the password; another account's session does not", async () => {
    await register({ name: 'Sid', email: 'sid@example.com', password: 'secret123' });
    const token = tokenFor('sid@example.com');
    const other = await makeUser();
    expect(await verificationStep(token, { ...other, via: 'session' })).toMatchObject({ needsPassword: true });
    const refused = await confirm({ token }, { as: other });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual({ password: [VERIFY_TEXT.passwordNeeded] });
    expect(await verified('sid@example.com')).toBe(false);

    const sid = (await findUserByEmail('sid@example.com'))!;
    expect(await verificationStep(token, { ...sid, via: 'session' })).toMatchObject({ state: 'confirm', needsPassword: false });
    const res = await confirm({ token }, { as: sid });
    expect(res.body).toEqual({ success: true, status: 'verified' });
    expect(await verified('sid@example.com')).toBe(true);
  });

  it("a stranger who registered the owner's email waits in vain: the owner's click without that password verifies nothing", async () => {
    // The stranger registers the owner's address with a password of their own (account pre-hijacking).
    await register({ name: 'Stranger', email: 'owner@example.com', password: 'strangers-pass' });
    const token = tokenFor('owner@example.com');
    // The owner follows the link: no password, or a guess of their own.
    for (const body of [{ token }, { token, password: '' }, { token, password: 'owners-own-pass' }]) {
      const res = await confirm(body);
      expect(res.status).toBe(400);
      expect(res.body.fieldErrors.password).toEqual([body.password ? VERIFY_TEXT.wrongPassword : VERIFY_TEXT.passwordNeeded]);
    }
    expect(await verified('owner@example.com')).toBe(false);
    // The stranger's session does not see the owner's guest orders (only a verified account does), and
    // the owner takes the address back with a password reset, which ends the stranger's sessions.
    expect(await authenticate('owner@example.com', 'strangers-pass')).not.toBeNull();
  });

  it('refuses an expired, made-up or malformed link and verifies nothing', async () => {
    await register({ name: 'Eli', email: 'eli@example.com', password: 'secret123' });
    const token = tokenFor('eli@example.com');
    await OneTimeToken.updateMany({ email: 'eli@example.com' }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    for (const body of [
      { token, password: 'secret123' },
      { token: 'made-up-token-value', password: 'secret123' },
    ]) {
      const res = await confirm(body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('This link is invalid or has expired, please ask for a new one');
    }
    for (const body of [{}, { token: 'short' }, { token: { $ne: '' } }, { token: 'x'.repeat(201) }, { token, password: 7 }]) {
      expect((await confirm(body)).status).toBe(400);
    }
    expect(await verificationStep(token, null)).toEqual({ state: 'invalid' });
    expect(await verified('eli@example.com')).toBe(false);
  });

  it('limits password tries per email: 429 past the limit, and the right password then waits too', async () => {
    await register({ name: 'Lim', email: 'lim@example.com', password: 'secret123' });
    const token = tokenFor('lim@example.com');
    for (let i = 0; i < 10; i++) expect((await confirm({ token, password: `guess-${i}` })).status).toBe(400);
    const limited = await confirm({ token, password: 'secret123' });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe(VERIFY_TEXT.tooMany);
    expect(await verified('lim@example.com')).toBe(false);
  });

  it("a session stands in for the password only from the shop's own pages", async () => {
    await register({ name: 'Cross', email: 'cross@example.com', password: 'secret123' });
    const token = tokenFor('cross@example.com');
    const cross = (await findUserByEmail('cross@example.com'))!;
    for (const origin of ['https://evil.example', null]) {
      const res = await confirm({ token }, { as: cross, origin });
      expect(res.status).toBe(400);
      expect(res.body.fieldErrors).toEqual({ password: [VERIFY_TEXT.passwordNeeded] });
    }
    expect(await verified('cross@example.com')).toBe(false);
    expect((await confirm({ token }, { as: cross })).body).toEqual({ success: true, status: 'verified' });
  });

  it("the password tries and the resend of the email are limited apart: neither uses up the other's", async () => {
    await register({ name: 'Apart', email: 'apart@example.com', password: 'secret123' });
    const apart = (await findUserByEmail('apart@example.com'))!;
    const resend = () => callRoute(resendRoute, '/api/verify-email/resend', { method: 'POST', as: apart, headers: fromNewIp() });
    for (let i = 0; i < 5; i++) expect((await resend()).status).toBe(200);
    expect((await resend()).status).toBe(429);
    const token = tokenFor('apart@example.com');
    for (let i = 0; i < 9; i++) expect((await confirm({ token, password: `guess-${i}` })).status).toBe(400);
    expect((await confirm({ token, password: 'secret123' })).body).toEqual({ success: true, status: 'verified' });
  });

  it('resends the email to a signed-in unverified user only', async () => {
    const unverified = await makeUser({ verified: false });
    const verified = await makeUser();
    expect((await callRoute(resendRoute, '/api/verify-email/resend', { method: 'POST' })).status).toBe(401);
    expect((await callRoute(resendRoute, '/api/verify-email/resend', { method: 'POST', as: verified })).status).toBe(403);
    const before = readMailbox(mailDir()).length;
    const res = await callRoute(resendRoute, '/api/verify-email/resend', { method: 'POST', as: unverified });
    expect(res.status).toBe(200);
    expect(readMailbox(mailDir()).length).toBe(before + 1);
    expect(latestMailTo(mailDir(), unverified.email, /Verify your email/)).toBeDefined();
  });
});

describe('forgot and reset password', () => {
  const forgot = (email: string, headers = fromNewIp()) =>
    callRoute(forgotRoute, '/api/password/forgot', { method: 'POST', body: { email }, headers });

  it('answers the same for an existing and an unknown email, and mails only the account', async () => {
    const user = await makeUser();
    const before = readMailbox(mailDir()).length;
    const known = await forgot(user.email.toUpperCase());
    const unknown = await forgot('nobody-here@example.com');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual({ success: true, message: 'Email Sended, Check inbox or spam folder' });
    expect(unknown.body).toEqual(known.body);
    expect(readMailbox(mailDir()).length).toBe(before + 1);
    expect(latestMailTo(mailDir(), user.email, /Reset your password/)).toBeDefined();
    expect((await forgot('')).status).toBe(200);
  });

  it('sets the new password with the single-use link, ends older sessions and refuses a second use', async () => {
    const user = await makeUser({ password: 'old-password' });
    await forgot(user.email);
    const token = new URL(linkIn(latestMailTo(mailDir(), user.email, /Reset/)!, '/reset-password')).searchParams.get('token')!;

    const tooShort = await callRoute(resetRoute, '/api/password/reset', {
      method: 'POST',
      body: { token, password: '123' },
      headers: fromNewIp(),
    });
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.error).toBe('Must be 6 characters or longer');

    const res = await callRoute(resetRoute, '/api/password/reset', {
      method: 'POST',
      body: { token, password: 'new-password' },
      headers: fromNewIp(),
    });
    expect(res.status).toBe(200);
    expect(await authenticate(user.email, 'new-password')).not.toBeNull();
    expect(await authenticate(user.email, 'old-password')).toBeNull();

    // The session signed in before the change no longer works.
    const stale = await callRoute(adminCheckRoute, `/api/admin/${user.email}`, { params: { email: user.email }, as: user });
    expect(stale.status).toBe(401);

    const again = await callRoute(resetRoute, '/api/password/reset', {
      method: 'POST',
      body: { token, password: 'third-password' },
      headers: fromNewIp(),
    });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('This link was already used, please ask for a new one');
    expect(await authenticate(user.email, 'third-password')).toBeNull();
  });

  it('refuses an expired reset link', async () => {
    const user = await makeUser({ password: 'old-password' });
    await forgot(user.email);
    const token = new URL(linkIn(latestMailTo(mailDir(), user.email, /Reset/)!, '/reset-password')).searchParams.get('token')!;
    await OneTimeToken.updateMany({ email: user.email }, { $set: { expiresAt: new Date(Date.now() - 1) } });
    const res = await callRoute(resetRoute, '/api/password/reset', {
      method: 'POST',
      body: { token, password: 'new-password' },
      headers: fromNewIp(),
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('This link is invalid or has expired, please ask for a new one');
    expect(await authenticate(user.email, 'old-password')).not.toBeNull();
  });

  it('lets two racing resets with one link set the password only once', async () => {
    const user = await makeUser({ password: 'old-password' });
    await forgot(user.email);
    const token = new URL(linkIn(latestMailTo(mailDir(), user.email, /Reset/)!, '/reset-password')).searchParams.get('token')!;
    const results = await Promise.all(
      ['race-one-1', 'race-two-2'].map((password) =>
        callRoute(resetRoute, '/api/password/reset', { method: 'POST', body: { token, password }, headers: fromNewIp() }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('counts forgot-password requests per email whatever its letter case', async () => {
    const user = await makeUser({ email: 'case.limit@example.com' });
    const spellings = [
      'case.limit@example.com',
      'CASE.LIMIT@EXAMPLE.COM',
      'Case.Limit@Example.com',
      ' case.LIMIT@example.COM ',
      'cAsE.lImIt@eXaMpLe.CoM',
    ];
    for (const spelling of spellings) expect((await forgot(spelling)).status).toBe(200);
    const res = await forgot('Case.limit@example.com');
    expect(res.status).toBe(429);
    expect(res.body.error).toMatch(/Too many emails/);
    expect(await RateLimitHit.countDocuments({ key: `forgot:email:${user.email}` })).toBe(6);
  });

  it('limits forgot-password requests per email (429)', async () => {
    const user = await makeUser();
    for (let i = 0; i < 5; i++) expect((await forgot(user.email)).status).toBe(200);
    const res = await forgot(user.email);
    expect(res.status).toBe(429);
    expect(res.body.error).toMatch(/Too many emails/);
  });
});

describe('sign-in with email and password', () => {
  const authorize = (credentials: Record<string, string>) => {
    const provider = authOptions().providers.find((p) => p.id === 'credentials') as unknown as {
      options: { authorize: (c: Record<string, string>, req: unknown) => Promise<unknown> };
    };
    return provider.options.authorize(credentials, {});
  };

  it('accepts the right password whatever the email case, and refuses a wrong one with the same message as an unknown email', async () => {
    const user = await makeUser({ email: 'sign.in@example.com', password: 'right-password' });
    await expect(authorize({ email: 'Sign.In@Example.com', password: 'right-password' })).resolves.toMatchObject({
      id: user._id,
      email: user.email,
    });
    await expect(authorize({ email: user.email, password: 'wrong-password' })).rejects.toThrow(WRONG_CREDENTIALS);
    await expect(authorize({ email: 'nobody@example.com', password: 'wrong-password' })).rejects.toThrow(WRONG_CREDENTIALS);
    await expect(authorize({ email: 'bad', password: 'whatever' })).rejects.toThrow('Provide a valid Email');
  });

  it('answers 429 past 100 failed attempts for one email, before checking the password, and asks for a sign-in link', async () => {
    const user = await makeUser();
    const now = Date.now();
    await RateLimitHit.insertMany(
      Array.from({ length: 100 }, (_, i) => ({
        key: `signin:fail:email:${user.email}`,
        at: new Date(now - i * 1000),
        expiresAt: new Date(now + 900_000),
      })),
    );
    const body = new URLSearchParams({ email: user.email, password: 'secret123', csrfToken: 'x', json: 'true' });
    const res = await callRoute(nextAuthPost, '/api/auth/callback/credentials', {
      method: 'POST',
      rawBody: body,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...fromNewIp() },
      params: { nextauth: ['callback', 'credentials'] },
    });
    expect(res.status).toBe(429);
    expect(res.body.error).toBe(
      'Too many failed sign-ins for this account: its password alone no longer signs in. We can email you a one-time sign-in link.',
    );
    expect(new URL(res.body.url).searchParams.get('error')).toBe('SignInLinkRequired');
  });
});
