import { POST as nextAuthPost } from '@/app/api/auth/[...nextauth]/route';
import { authOptions } from '@/lib/auth/options';
import { isSignedIn, signInEmail, signInFailureChecks } from '@/lib/auth/sign-in-limits';
import { reserveAttempt } from '@/lib/rate-limit/rate-limit';
import { safeCallbackUrl } from '@/lib/core/utils';
import { RateLimitHit } from '@/models';
import { callRoute } from '@/tests/helpers/api';
import { makeUser } from '@/tests/helpers/factories';

describe('the address to return to after signing in', () => {
  it.each([
    ['/\t/evil.example/phish', '/'],
    ['/\n/evil.example', '/'],
    ['/\r\n/evil.example', '/'],
    ['/\u0000/evil.example', '/'],
    ['//evil.example/phish', '/'],
    ['/\\evil.example', '/'],
    ['/\\/evil.example', '/'],
    ['/.//evil.example', '/'],
    ['https://evil.example/phish', '/'],
    ['javascript:alert(1)', '/'],
    [' /parts', '/'],
    ['', '/'],
    [undefined, '/'],
    ['/parts/65f0c0ffee0000000000abcd', '/parts/65f0c0ffee0000000000abcd'],
    ['/dashboard/myOrders?page=2#top', '/dashboard/myOrders?page=2#top'],
  ])('safeCallbackUrl(%j) is %j', (raw, expected) => {
    expect(safeCallbackUrl(raw)).toBe(expected);
  });

  it("next-auth's redirect callback keeps only a path of the shop's own origin", async () => {
    const redirect = authOptions().callbacks!.redirect!;
    const baseUrl = 'http://localhost:3000';
    const cases: Array<[string, string]> = [
      ['/\t/evil.example/phish', `${baseUrl}/`],
      ['/parts/abc\n', `${baseUrl}/`],
      ['https://evil.example/phish', `${baseUrl}/`],
      ['http://localhost:3000.evil.example/x', `${baseUrl}/`],
      ['http://localhost:3000//evil.example', `${baseUrl}/`],
      ['http://localhost:3000/dashboard?tab=orders', `${baseUrl}/dashboard?tab=orders`],
      ['/dashboard', `${baseUrl}/dashboard`],
    ];
    for (const [url, expected] of cases) expect(await redirect({ url, baseUrl })).toBe(expected);
  });
});

describe('sign-in limits count failures only', () => {
  const email = 'locked.out@example.com';

  it('names the email of a form or JSON sign-in, and nothing that is not an email', () => {
    expect(signInEmail('email=Locked.Out%40Example.com&password=x', 'application/x-www-form-urlencoded')).toBe(email);
    expect(signInEmail(JSON.stringify({ email: 'Locked.Out@Example.com' }), 'application/json')).toBe(email);
    expect(signInEmail('email=nobody', 'application/x-www-form-urlencoded')).toBeNull();
    expect(signInEmail('{"email":{"$ne":""}}', 'application/json')).toBeNull();
    // An email made to look like another key cannot touch that key.
    const keys = signInFailureChecks(`${email}:203.0.113.1`, null).map(([key]) => key);
    expect(keys).not.toContain(signInFailureChecks(email, '203.0.113.1')[0]![0]);
  });

  it('tells a signed-in answer from a refused one by the session cookie next-auth sets', () => {
    const ok = new Response(null, { headers: [['set-cookie', 'next-auth.session-token=abc.def; Path=/; HttpOnly']] });
    const chunked = new Response(null, { headers: [['set-cookie', '__Secure-next-auth.session-token.0=abc; Path=/']] });
    const refused = new Response(null, { headers: [['set-cookie', 'next-auth.csrf-token=x; Path=/']] });
    const cleared = new Response(null, { headers: [['set-cookie', 'next-auth.session-token=; Max-Age=0']] });
    expect([ok, chunked, refused, cleared].map(isSignedIn)).toEqual([true, true, false, false]);
  });

  it('refuses the 11th failure per (email, address) but not from another address, and a success gives its place back', async () => {
    const here = '203.0.113.50';
    for (let i = 0; i < 10; i++) await reserveAttempt(signInFailureChecks(email, here)); // 10 failures kept
    await expect(reserveAttempt(signInFailureChecks(email, here), 'locked')).rejects.toMatchObject({ status: 429, message: 'locked' });
    // The owner signs in from elsewhere: counted, then given back because it succeeded.
    const success = await reserveAttempt(signInFailureChecks(email, '198.51.100.60'));
    await success.release();
    for (let i = 0; i < 20; i++) await (await reserveAttempt(signInFailureChecks(email, '198.51.100.60'))).release();
    expect(await RateLimitHit.countDocuments({ key: `signin:fail:email-address:198.51.100.60:${email}` })).toBe(0);
    expect(await RateLimitHit.countDocuments({ key: `signin:fail:email:${email}` })).toBe(10);
  });

  it('the sign-in route answers 429 before next-auth once (email, address) has 10 failures, counting nothing more', async () => {
    const user = await makeUser({ email: 'route.limit@example.com' });
    const address = '203.0.113.77';
    const now = Date.now();
    const key = `signin:fail:email-address:${address}:${user.email}`;
    await RateLimitHit.insertMany(
      Array.from({ length: 10 }, (_, i) => ({ key, at: new Date(now - i * 1000), expiresAt: new Date(now + 900_000) })),
    );
    const body = new URLSearchParams({ email: user.email, password: 'secret123', csrfToken: 'x', json: 'true' });
    const res = await callRoute(nextAuthPost, '/api/auth/callback/credentials', {
      method: 'POST',
      rawBody: body,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
      params: { nextauth: ['callback', 'credentials'] },
    });
    expect(res.status).toBe(429);
    expect(res.body.error).toBe('Too many sign-in attempts, please wait a few minutes and try again');
    expect(await RateLimitHit.countDocuments({ key })).toBe(10);
    expect(await RateLimitHit.countDocuments({ key: `signin:fail:email:${user.email}` })).toBe(0);
  });

  it('per email from every address, refuses only past 100 failures an hour', async () => {
    const target = 'many.places@example.com';
    for (let i = 0; i < 100; i++) await reserveAttempt(signInFailureChecks(target, `192.0.2.${i}`));
    await expect(reserveAttempt(signInFailureChecks(target, '192.0.2.200'))).rejects.toMatchObject({ status: 429 });
  });
});
