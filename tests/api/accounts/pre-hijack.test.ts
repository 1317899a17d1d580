import { actorFromClaims } from '@/lib/auth/policy';
import { signInWithLink } from '@/lib/auth/sign-in-link';
import { createOneTimeToken } from '@/lib/auth/tokens';
import { authenticate, findUserByEmail, upsertGoogleUser } from '@/lib/auth/users';
import { makeUser } from '@/tests/helpers/factories';

/**
 * Account pre-hijacking: somebody registers another person's email with their own password and waits,
 * unverified, for the owner to prove the address some other way (a sign-in link, Google). Proving it
 * must leave the account to the owner alone: the stranger's password and sessions end there.
 */

const linkFor = (email: string) => createOneTimeToken('sign-in', email, 900);

describe('an account proved by its email without its password', () => {
  it('drops the password and the sessions of an unverified account when its owner signs in with a link', async () => {
    const planted = await makeUser({ email: 'victim.link@example.com', password: 'stranger-pass-1', verified: false });
    const strangerSession = { sub: planted._id, sv: planted.sessionVersion };
    expect(await actorFromClaims(strangerSession, 'session')).not.toBeNull();

    const owner = await signInWithLink(await linkFor(planted.email));
    expect(owner).toMatchObject({ _id: planted._id, emailVerified: true, hasPassword: false, sessionVersion: planted.sessionVersion + 1 });
    // The stranger's session ends and the stranger's password no longer signs in; the owner's session works.
    expect(await actorFromClaims(strangerSession, 'session')).toBeNull();
    expect(await authenticate(planted.email, 'stranger-pass-1')).toBeNull();
    expect(await actorFromClaims({ sub: owner._id, sv: owner.sessionVersion }, 'session')).toMatchObject({ email: planted.email });
  });

  it('keeps the password and sessions of a verified account (the owner locked out of the password signs in by link)', async () => {
    const verified = await makeUser({ email: 'owner.verified@example.com', password: 'owner-pass-1', verified: true });
    const user = await signInWithLink(await linkFor(verified.email));
    expect(user).toMatchObject({ hasPassword: true, sessionVersion: verified.sessionVersion });
    expect(await authenticate(verified.email, 'owner-pass-1')).not.toBeNull();
    expect(await actorFromClaims({ sub: verified._id, sv: verified.sessionVersion }, 'session')).not.toBeNull();
  });

  it('does the same when the owner signs in with Google', async () => {
    const planted = await makeUser({ email: 'victim.google@example.com', password: 'stranger-pass-2', verified: false });
    const user = await upsertGoogleUser({ email: 'Victim.Google@example.com', name: 'Victim', googleId: 'google-victim-1' });
    expect(user).toMatchObject({ _id: planted._id, emailVerified: true, hasPassword: false, sessionVersion: planted.sessionVersion + 1 });
    expect(await actorFromClaims({ sub: planted._id, sv: planted.sessionVersion }, 'session')).toBeNull();
    expect(await authenticate(planted.email, 'stranger-pass-2')).toBeNull();

    const verified = await makeUser({ email: 'owner.google@example.com', password: 'owner-pass-2', verified: true });
    expect(await upsertGoogleUser({ email: verified.email, name: 'Owner', googleId: 'google-owner-1' })).toMatchObject({
      hasPassword: true,
      sessionVersion: verified.sessionVersion,
    });
    expect(await findUserByEmail(verified.email)).toMatchObject({ hasPassword: true });
  });
});
