import path from 'node:path';
import { POST as nextAuthPost } from '@/app/api/auth/[...nextauth]/route';
import { POST as signInLinkRoute } from '@/app/api/sign-in-link/route';
import { authOptions } from '@/lib/auth/options';
import { readSignInFields, signInFailureChecks } from '@/lib/auth/sign-in-limits';
import { dataDir } from '@/lib/platform/env';
import { reserveAttempt } from '@/lib/rate-limit/rate-limit';
import { OneTimeToken, RateLimitHit } from '@/models';
import { callRoute } from '@/tests/helpers/api';
import { makeUser } from '@/tests/helpers/factories';
import { latestMailTo, linkIn, readMailbox } from '@/tests/helpers/mailbox';

const mailDir = () => path.join(dataDir(), 'mail');
let ipCounter = 0;
const newIp = () => `198.18.0.${++ipCounter}`;

/** `count` failures already kept under `key`, as the route would have left them. */
async function failures(key: string, count: number) {
  const now = Date.now();
  await RateLimitHit.insertMany(
    Array.from({ length: count }, (_, i) => ({ key, at: new Date(now - i * 1000), expiresAt: new Date(now + 3_600_000) })),
  );
}

function postSignIn(body: string, contentType: string, address = newIp()) {
  return callRoute(nextAuthPost, '/api/auth/callback/credentials', {
    method: 'POST',
    rawBody: body,
    headers: { 'content-type': contentType, 'x-forwarded-for': address },
    params: { nextauth: ['callback', 'credentials'] },
  });
}

const form = (fields: Array<[string, string]>) => new URLSearchParams(fields).toString();

const linkAuthorize = (token: string) => {
  // next-auth merges a provider's options over it: the id given is in `options`.
  const provider = authOptions().providers.find(
    (p) => (p as unknown as { options?: { id?: string } }).options?.id === 'sign-in-link',
  ) as unknown as {
    options: { authorize: (c: Record<string, string>, req: unknown) => Promise<unknown> };
  };
  return provider.options.authorize({ token }, {});
};

describe('reading the sign-in body', () => {
  it('reads a form or a JSON object once, into the fields next-auth is given', () => {
    expect(readSignInFields('email=A%40x.dev&password=p&json=true', 'application/x-www-form-urlencoded')).toEqual({
      email: 'A@x.dev',
      password: 'p',
      json: 'true',
    });
    expect(readSignInFields('{"email":"a@x.dev","password":"p","json":true}', 'application/json; charset=utf-8')).toEqual({
      email: 'a@x.dev',
      password: 'p',
      json: 'true',
    });
  });

  it('refuses a repeated form field, a content type that names both forms or neither, and JSON that is not flat text', () => {
    const refuse = (body: string, type: string | null) =>
      expect(() => readSignInFields(body, type)).toThrow(expect.objectContaining({ status: 400 }));
    refuse('email=decoy%40x.dev&email=victim%40shop.dev&password=p', 'application/x-www-form-urlencoded');
    refuse('email=a%40x.dev&password=p&password=q', 'application/x-www-form-urlencoded');
    refuse('{"email":"victim@shop.dev"}', 'application/json; x=application/x-www-form-urlencoded');
    refuse('email=victim%40shop.dev', 'application/x-www-form-urlencoded; x=application/json');
    refuse('email=victim%40shop.dev', 'text/plain; x=application/x-www-form-urlencoded');
    refuse('email=victim%40shop.dev', null);
    refuse('{"email":{"$ne":""}}', 'application/json');
    refuse('["victim@shop.dev"]', 'application/json');
    refuse('{"email":', 'application/json');
  });
});

describe('POST /api/auth/callback/credentials: what the limits count', () => {
  it('refuses a form naming email twice with 400 before any password is checked, counting nothing', async () => {
    const victim = await makeUser({ email: 'victim.repeat@shop.dev' });
    const address = newIp();
    const body = form([
      ['csrfToken', 'x'],
      ['email', 'decoy1@x.dev'],
      ['email', victim.email],
      ['password', 'guess1'],
      ['json', 'true'],
    ]);
    const res = await postSignIn(body, 'application/x-www-form-urlencoded', address);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('The sign-in form names "email" more than once');
    expect(await RateLimitHit.countDocuments({ key: /^signin:/ })).toBe(0);
  });

  it('refuses a JSON body whose content type also names the form type with 400', async () => {
    const victim = await makeUser({ email: 'victim.type@shop.dev' });
    const body = JSON.stringify({ csrfToken: 'x', email: victim.email, password: 'guess1', json: 'true' });
    const res = await postSignIn(body, 'application/json; x=application/x-www-form-urlencoded');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Send the sign-in form as application/x-www-form-urlencoded or as application/json');
    expect(await RateLimitHit.countDocuments({ key: new RegExp(victim.email) })).toBe(0);
  });

  it('counts the email of a JSON sign-in as of a form: both are refused once that email is locked', async () => {
    const victim = await makeUser({ email: 'victim.json@shop.dev' });
    await failures(`signin:fail:email:${victim.email}`, 100);
    const json = await postSignIn(
      JSON.stringify({ csrfToken: 'x', email: 'Victim.JSON@shop.dev', password: 'secret123', json: 'true' }),
      'application/json',
    );
    const urlencoded = await postSignIn(
      form([
        ['csrfToken', 'x'],
        ['email', victim.email],
        ['password', 'secret123'],
        ['json', 'true'],
      ]),
      'application/x-www-form-urlencoded',
    );
    for (const res of [json, urlencoded]) {
      expect(res.status).toBe(429);
      expect(new URL(res.body.url).searchParams.get('error')).toBe('SignInLinkRequired');
    }
  });
});

describe('failed sign-ins per address (password spraying)', () => {
  it('refuses the 51st failure from one address in 15 minutes, whatever the emails, and not another address', async () => {
    const address = newIp();
    for (let i = 0; i < 50; i++) await reserveAttempt(signInFailureChecks(`sprayed${i}@example.com`, address));
    await expect(reserveAttempt(signInFailureChecks('one.more@example.com', address), 'sprayed')).rejects.toMatchObject({
      status: 429,
      message: 'sprayed',
    });
    // Nothing was counted for the refused attempt, and the next address is free.
    expect(await RateLimitHit.countDocuments({ key: /one\.more@example\.com/ })).toBe(0);
    await expect(reserveAttempt(signInFailureChecks('one.more@example.com', newIp()))).resolves.toBeDefined();
  });

  it('answers the route with 429 and offers the sign-in link', async () => {
    const address = newIp();
    await failures(`signin:fail:address:${address}`, 50);
    const user = await makeUser();
    const res = await postSignIn(
      form([
        ['csrfToken', 'x'],
        ['email', user.email],
        ['password', 'secret123'],
        ['json', 'true'],
      ]),
      'application/x-www-form-urlencoded',
      address,
    );
    expect(res.status).toBe(429);
    expect(res.body.error).toBe('Too many sign-in attempts, please wait a few minutes and try again');
    expect(new URL(res.body.url).searchParams.get('error')).toBe('TooManyAttempts');
  });
});

describe('an owner past the per-email threshold signs in with a one-time link', () => {
  const askLink = (email: string, address = newIp()) =>
    callRoute(signInLinkRoute, '/api/sign-in-link', { method: 'POST', body: { email }, headers: { 'x-forwarded-for': address } });

  it('refuses the right password once the email has 100 failures, saying a link is needed', async () => {
    const owner = await makeUser({ email: 'owner.locked@shop.dev', password: 'right-password' });
    await failures(`signin:fail:email:${owner.email}`, 100);
    const res = await postSignIn(
      form([
        ['csrfToken', 'x'],
        ['email', owner.email],
        ['password', 'right-password'],
        ['json', 'true'],
      ]),
      'application/x-www-form-urlencoded',
    );
    expect(res.status).toBe(429);
    expect(res.body.error).toBe(
      'Too many failed sign-ins for this account: its password alone no longer signs in. We can email you a one-time sign-in link.',
    );
    expect(new URL(res.body.url).searchParams.get('error')).toBe('SignInLinkRequired');
  });

  it('mails a link that signs the owner in once; a second use and a made-up token are refused', async () => {
    const owner = await makeUser({ email: 'owner.link@shop.dev' });
    await failures(`signin:fail:email:${owner.email}`, 100);
    const res = await askLink('Owner.Link@shop.dev');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'If this email has an account, a sign-in link is on its way: check your inbox or spam folder',
    });
    const mail = latestMailTo(mailDir(), owner.email, /Your sign-in link/);
    const link = new URL(linkIn(mail!, '/login/link'));
    const token = link.searchParams.get('token')!;
    // Stored hashed, with an expiry.
    const stored = await OneTimeToken.findOne({ email: owner.email, purpose: 'sign-in' }).lean();
    expect(stored?.tokenHash).not.toContain(token);
    expect(stored!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 15 * 60_000);

    await expect(linkAuthorize(token)).resolves.toMatchObject({ id: owner._id, email: owner.email });
    await expect(linkAuthorize(token)).rejects.toThrow('This link was already used, please ask for a new one');
    await expect(linkAuthorize('made-up-token-123456')).rejects.toThrow('This link is invalid or has expired, please ask for a new one');
  });

  it('refuses an expired link', async () => {
    const owner = await makeUser({ email: 'owner.expired@shop.dev' });
    await askLink(owner.email);
    const token = new URL(linkIn(latestMailTo(mailDir(), owner.email, /Your sign-in link/)!, '/login/link')).searchParams.get('token')!;
    await OneTimeToken.updateMany({ email: owner.email, purpose: 'sign-in' }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    await expect(linkAuthorize(token)).rejects.toThrow('This link is invalid or has expired, please ask for a new one');
  });

  it('answers the same for an unknown email and mails nobody; limits links per email', async () => {
    const before = readMailbox(mailDir()).length;
    const unknown = await askLink('nobody.there@shop.dev');
    expect(unknown.status).toBe(200);
    expect(unknown.body.message).toBe('If this email has an account, a sign-in link is on its way: check your inbox or spam folder');
    expect(readMailbox(mailDir()).length).toBe(before);
    const owner = await makeUser();
    for (let i = 0; i < 5; i++) expect((await askLink(owner.email.toUpperCase())).status).toBe(200);
    const refused = await askLink(owner.email);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('Too many sign-in links asked for, please wait a while and try again');
  });
});
