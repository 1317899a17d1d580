import { GET as allOrdersRoute } from '@/app/api/allOrder/route';
import { DELETE as revokeRoute, PUT as grantRoute } from '@/app/api/user/admin/[email]/route';
import { GET as usersRoute } from '@/app/api/user/route';
import { CANNOT_REVOKE_LAST, CANNOT_REVOKE_SELF, listUsers, makeAdmin, revokeAdmin } from '@/lib/accounts/admins';
import { ForbiddenError } from '@/lib/core/errors';
import type { UserDTO } from '@/lib/auth/users';
import { AuditEntry, User } from '@/models';
import { callRoute } from '@/tests/helpers/api';
import { asActor, makeUser } from '@/tests/helpers/factories';

const revoke = (as: UserDTO | null, email: string) =>
  callRoute(revokeRoute, `/api/user/admin/${encodeURIComponent(email)}`, { method: 'DELETE', params: { email }, as });
const grant = (as: UserDTO | null, email: string) =>
  callRoute(grantRoute, `/api/user/admin/${encodeURIComponent(email)}`, { method: 'PUT', params: { email }, as });
const roleOf = async (email: string) => (await User.findOne({ email }).lean())?.role ?? null;
const adminCount = () => User.countDocuments({ role: 'admin' });

describe('DELETE /api/user/admin/{email} (revoke)', () => {
  it('takes the role away (admins only): 401 for a visitor, 403 for a customer, 404 for nobody, 0 for a non-admin', async () => {
    const boss = await makeUser({ admin: true });
    const helper = await makeUser({ admin: true });
    const customer = await makeUser();
    expect((await revoke(null, helper.email)).status).toBe(401);
    expect((await revoke(customer, helper.email)).status).toBe(403);
    expect(await roleOf(helper.email)).toBe('admin');
    expect((await revoke(boss, 'nobody-here@example.com')).status).toBe(404);
    expect(await revoke(boss, customer.email)).toMatchObject({ status: 200, body: { modifiedCount: 0 } });

    const res = await revoke(boss, helper.email.toUpperCase());
    expect(res).toMatchObject({ status: 200, body: { acknowledged: true, modifiedCount: 1 } });
    expect(await roleOf(helper.email)).toBeNull();
    // A demoted admin loses access at once.
    expect((await callRoute(allOrdersRoute, '/api/allOrder', { as: helper })).status).toBe(403);
    expect(await revoke(boss, helper.email)).toMatchObject({ status: 200, body: { modifiedCount: 0 } });
  });

  it('refuses oneself (409) while other admins remain', async () => {
    const me = await makeUser({ admin: true });
    await makeUser({ admin: true });
    const res = await revoke(me, me.email);
    expect(res).toMatchObject({ status: 409, body: { error: CANNOT_REVOKE_SELF } });
    expect(await roleOf(me.email)).toBe('admin');
  });

  it('refuses the last admin (409)', async () => {
    const last = await makeUser({ admin: true });
    // Everyone else loses the role (test set-up straight in the database).
    await User.updateMany({ role: 'admin', email: { $ne: last.email } }, { $unset: { role: 1 } });
    expect(await adminCount()).toBe(1);
    const res = await revoke(last, last.email);
    expect(res).toMatchObject({ status: 409, body: { error: CANNOT_REVOKE_LAST } });
    expect(await roleOf(last.email)).toBe('admin');
    expect(await adminCount()).toBe(1);
  });

  it('two admins revoking each other at once: exactly one wins, the other is refused, one admin is left', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await makeUser({ admin: true });
      const b = await makeUser({ admin: true });
      // Only these two are admins: without serialization both would pass the "not the last" check.
      await User.updateMany({ role: 'admin', email: { $nin: [a.email, b.email] } }, { $unset: { role: 1 } });
      const [ab, ba] = await Promise.all([revoke(a, b.email), revoke(b, a.email)]);
      expect([ab.status, ba.status].sort()).toEqual([200, 403]);
      const winner = ab.status === 200 ? a : b;
      expect(await roleOf(winner.email)).toBe('admin');
      expect(await adminCount()).toBe(1);
      expect(await AuditEntry.countDocuments({ action: 'role.revoke', actorEmail: winner.email })).toBe(1);
    }
  });

  it('the lib function refuses a stale admin actor whose role is gone from the database', async () => {
    const stale = await makeUser({ admin: true });
    const target = await makeUser({ admin: true });
    await makeUser({ admin: true });
    await User.updateOne({ email: stale.email }, { $unset: { role: 1 } });
    await expect(revokeAdmin(asActor(stale), target.email)).rejects.toBeInstanceOf(ForbiddenError);
    expect(await roleOf(target.email)).toBe('admin');
  });
});

describe('PUT /api/user/admin/{email} (grant)', () => {
  it('grants once even when two admins grant the same user at once', async () => {
    const a = await makeUser({ admin: true });
    const b = await makeUser({ admin: true });
    const newcomer = await makeUser();
    const [x, y] = await Promise.all([grant(a, newcomer.email), grant(b, newcomer.email)]);
    expect([x.body.modifiedCount, y.body.modifiedCount].sort()).toEqual([0, 1]);
    expect(await roleOf(newcomer.email)).toBe('admin');
    expect(await AuditEntry.countDocuments({ action: 'role.grant', 'target.label': newcomer.email })).toBe(1);
    expect(await makeAdmin(asActor(a), newcomer.email)).toEqual({ modifiedCount: 0 });
  });
});

describe('the users list: search and paging', () => {
  it('finds users by part of the email or the name, in any case, with input matched literally', async () => {
    const admin = await makeUser({ admin: true });
    const tag = `zq${Date.now().toString(36)}`;
    const alice = await makeUser({ name: `Alice ${tag}`, email: `alice.${tag}@example.com` });
    const bob = await makeUser({ name: `Bob Builder`, email: `bob.${tag}@example.com` });
    await makeUser({ name: 'Carol', email: `carol.${tag}x@example.org` });
    const a = asActor(admin);
    expect((await listUsers(a, { q: `ALICE.${tag}` })).items.map((u) => u.email)).toEqual([alice.email]);
    expect((await listUsers(a, { q: 'bob builder' })).items.map((u) => u.email)).toContain(bob.email);
    expect((await listUsers(a, { q: `${tag}@example.com` })).items.map((u) => u.email).sort()).toEqual([alice.email, bob.email].sort());
    expect((await listUsers(a, { q: '.*' })).total).toBe(0);
    expect((await listUsers(a, { q: `(${tag}` })).total).toBe(0);

    const page1 = await listUsers(a, { q: tag, limit: 2, page: 1 });
    const page2 = await listUsers(a, { q: tag, limit: 2, page: 2 });
    expect(page1).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(page1.items.map((u) => u.email)).toEqual([alice.email, bob.email]);
    expect(page2.items).toHaveLength(1);
    await expect(listUsers(asActor(alice), {})).rejects.toBeInstanceOf(ForbiddenError);

    const viaApi = await callRoute(usersRoute, '/api/user?limit=2&page=1', { as: admin });
    expect(viaApi.status).toBe(200);
    expect(viaApi.body).toHaveLength(2);
    expect(viaApi.body[0].passwordHash).toBeUndefined();
  });
});
