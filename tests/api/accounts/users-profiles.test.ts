import { GET as adminCheckRoute } from '@/app/api/admin/[email]/route';
import { GET as getProfileRoute, PATCH as patchProfileRoute } from '@/app/api/myProfile/[emailOrId]/route';
import { POST as postProfileRoute } from '@/app/api/myProfile/route';
import { PUT as makeAdminRoute } from '@/app/api/user/admin/[email]/route';
import { PUT as tokenRoute } from '@/app/api/user/[email]/route';
import { GET as listUsersRoute } from '@/app/api/user/route';
import type { UserDTO } from '@/lib/auth/users';
import { AuditEntry, Profile, User } from '@/models';
import { bearerFor, callRoute } from '@/tests/helpers/api';
import { makeUser } from '@/tests/helpers/factories';

const PROFILE = {
  education: 'BSc Mechanical Engineering',
  image: '/uploads/11111111-2222-3333-4444-555555555555.png',
  district: 'Kirkstall',
  city: 'Leeds',
  phone: '+44 113 496 0000',
  linkedin: 'https://www.linkedin.com/in/someone',
  github: 'https://github.com/someone',
};

let owner: UserDTO;
let other: UserDTO;
let admin: UserDTO;

beforeAll(async () => {
  owner = await makeUser({ name: 'Olive Owner' });
  other = await makeUser({ name: 'Oscar Other' });
  admin = await makeUser({ name: 'Ada Admin', admin: true });
});

describe('PUT /api/user/{email}: a bearer token for your own account', () => {
  it('answers 401 to a visitor', async () => {
    const res = await callRoute(tokenRoute, `/api/user/${owner.email}`, {
      method: 'PUT',
      params: { email: owner.email },
      body: { email: owner.email },
    });
    expect(res.status).toBe(401);
  });

  it('gives the owner a token the API accepts as Authorization: Bearer', async () => {
    const res = await callRoute(tokenRoute, `/api/user/${owner.email}`, {
      method: 'PUT',
      params: { email: owner.email },
      body: { email: owner.email },
      as: owner,
    });
    expect(res.status).toBe(200);
    expect(res.body.token).toEqual(expect.any(String));
    const check = await callRoute(adminCheckRoute, `/api/admin/${owner.email}`, {
      params: { email: owner.email },
      as: { bearer: res.body.token },
    });
    expect(check.status).toBe(200);
    expect(check.body).toEqual({ admin: false });
  });

  it("refuses another user's email, even to an admin (403)", async () => {
    for (const as of [other, admin]) {
      const res = await callRoute(tokenRoute, `/api/user/${owner.email}`, { method: 'PUT', params: { email: owner.email }, as });
      expect(res.status).toBe(403);
    }
  });

  it('refuses an expired, forged or session-cookie token as a bearer token (401)', async () => {
    const expired = await bearerFor(owner, -60);
    const cases = [expired, 'not-a-token', `${(await bearerFor(owner)).slice(0, -4)}AAAA`];
    for (const bearer of cases) {
      const res = await callRoute(adminCheckRoute, `/api/admin/${owner.email}`, { params: { email: owner.email }, as: { bearer } });
      expect(res.status).toBe(401);
    }
  });

  it('accepts a bearer write without an Origin header (API clients are not browsers)', async () => {
    const res = await callRoute(postProfileRoute, '/api/myProfile', {
      method: 'POST',
      body: PROFILE,
      as: { bearer: await bearerFor(other) },
      origin: null,
    });
    expect(res.status).toBe(201);
    await Profile.deleteOne({ email: other.email });
  });
});

describe('GET /api/admin/{email}', () => {
  it('answers 401 to a visitor, the own flag to a customer and 403 for someone else', async () => {
    expect((await callRoute(adminCheckRoute, `/api/admin/${owner.email}`, { params: { email: owner.email } })).status).toBe(401);
    expect((await callRoute(adminCheckRoute, `/api/admin/${owner.email}`, { params: { email: owner.email }, as: owner })).body).toEqual({
      admin: false,
    });
    expect((await callRoute(adminCheckRoute, `/api/admin/${admin.email}`, { params: { email: admin.email }, as: owner })).status).toBe(403);
  });

  it('answers an admin about anyone', async () => {
    expect((await callRoute(adminCheckRoute, `/api/admin/${admin.email}`, { params: { email: admin.email }, as: admin })).body).toEqual({
      admin: true,
    });
    expect((await callRoute(adminCheckRoute, `/api/admin/${owner.email}`, { params: { email: owner.email }, as: admin })).body).toEqual({
      admin: false,
    });
  });
});

describe('GET /api/user', () => {
  it('lists users without secrets to an admin only', async () => {
    expect((await callRoute(listUsersRoute, '/api/user')).status).toBe(401);
    expect((await callRoute(listUsersRoute, '/api/user', { as: owner })).status).toBe(403);
    const res = await callRoute(listUsersRoute, '/api/user', { as: admin });
    expect(res.status).toBe(200);
    const emails = res.body.map((user: { email: string }) => user.email);
    expect(emails).toEqual(expect.arrayContaining([owner.email, other.email, admin.email]));
    for (const user of res.body) {
      expect(Object.keys(user).sort()).toEqual(['_id', 'createdAt', 'email', 'emailVerified', 'name', 'role']);
    }
    expect(res.body.find((user: { email: string }) => user.email === admin.email).role).toBe('admin');
  });
});

describe('PUT /api/user/admin/{email}', () => {
  it("answers 403 with the spec's message to a customer and changes nothing", async () => {
    const target = await makeUser();
    const res = await callRoute(makeAdminRoute, `/api/user/admin/${target.email}`, {
      method: 'PUT',
      params: { email: target.email },
      as: owner,
    });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("You're not a admin, you can't make admin anyone!!");
    expect((await User.findById(target._id).lean())?.role).toBeUndefined();
    expect(
      (await callRoute(makeAdminRoute, `/api/user/admin/${target.email}`, { method: 'PUT', params: { email: target.email } })).status,
    ).toBe(401);
  });

  it('makes a user admin (modifiedCount 1, then 0), and the new role applies on the next request', async () => {
    const target = await makeUser();
    const before = await callRoute(listUsersRoute, '/api/user', { as: target });
    expect(before.status).toBe(403);

    const res = await callRoute(makeAdminRoute, `/api/user/admin/${target.email}`, {
      method: 'PUT',
      params: { email: target.email },
      as: admin,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ modifiedCount: 1 });
    expect((await User.findById(target._id).lean())?.role).toBe('admin');
    // Same session cookie as before: the role is read from the database.
    expect((await callRoute(listUsersRoute, '/api/user', { as: target })).status).toBe(200);

    const again = await callRoute(makeAdminRoute, `/api/user/admin/${target.email}`, {
      method: 'PUT',
      params: { email: target.email },
      as: admin,
    });
    expect(again.body).toEqual({ modifiedCount: 0 });

    // And an admin whose role is taken away loses access at once.
    await User.updateOne({ _id: target._id }, { $unset: { role: '' } });
    expect((await callRoute(listUsersRoute, '/api/user', { as: target })).status).toBe(403);
  });

  it('answers 404 for an unknown email', async () => {
    const res = await callRoute(makeAdminRoute, '/api/user/admin/ghost@example.com', {
      method: 'PUT',
      params: { email: 'ghost@example.com' },
      as: admin,
    });
    expect(res.status).toBe(404);
  });

  it('refuses a cookie-authenticated write from another site or without an Origin (403)', async () => {
    const target = await makeUser();
    for (const origin of ['https://evil.example', null]) {
      const res = await callRoute(makeAdminRoute, `/api/user/admin/${target.email}`, {
        method: 'PUT',
        params: { email: target.email },
        as: admin,
        origin,
      });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('Cross-site request refused');
    }
    expect((await User.findById(target._id).lean())?.role).toBeUndefined();
  });
});

describe('profiles', () => {
  const post = (body: unknown, as: UserDTO | null) => callRoute(postProfileRoute, '/api/myProfile', { method: 'POST', body, as });
  const get = (email: string, as: UserDTO | null) =>
    callRoute(getProfileRoute, `/api/myProfile/${email}`, { params: { emailOrId: email }, as });
  const patch = (id: string, body: unknown, as: UserDTO | null) =>
    callRoute(patchProfileRoute, `/api/myProfile/${id}`, { method: 'PATCH', params: { emailOrId: id }, body, as });

  it('answers 401 to a visitor for every call', async () => {
    expect((await get(owner.email, null)).status).toBe(401);
    expect((await post(PROFILE, null)).status).toBe(401);
    const res = await patch('65f0c0ffee0000000000abcd', { profileInfo: PROFILE }, null);
    expect(res.status).toBe(401);
    expect(res.body.success).toBe(false);
  });

  it('adds the owner profile with name and email from the account, whatever the body says', async () => {
    expect((await get(owner.email, owner)).body).toEqual([]);
    const res = await post({ ...PROFILE, name: 'Forged Name', email: 'forged@example.com' }, owner);
    expect(res.status).toBe(201);
    expect(res.body.insertedId).toMatch(/^[a-f\d]{24}$/);
    const stored = await Profile.findById(res.body.insertedId).lean();
    expect(stored).toMatchObject({ ...PROFILE, name: 'Olive Owner', email: owner.email });
    expect(await Profile.countDocuments({ email: 'forged@example.com' })).toBe(0);

    const list = await get(owner.email, owner);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ _id: res.body.insertedId, city: 'Leeds', linkedin: PROFILE.linkedin });
  });

  it('keeps one profile per user (409 on a second one)', async () => {
    const res = await post(PROFILE, owner);
    expect(res.status).toBe(409);
    expect(await Profile.countDocuments({ email: owner.email })).toBe(1);
  });

  it('hides a profile from another customer (403) but not from an admin', async () => {
    expect((await get(owner.email, other)).status).toBe(403);
    const asAdmin = await get(owner.email, admin);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body).toHaveLength(1);
  });

  it.each([
    ['education', 'Education is Required'],
    ['image', 'Image is Required'],
    ['district', 'District is Required'],
    ['city', 'City is Required'],
    ['phone', 'Phone is Required'],
  ])('refuses a profile without %s with the spec message', async (field, message) => {
    const user = await makeUser();
    const res = await post({ ...PROFILE, [field]: '' }, user);
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors[field]).toContain(message);
    expect(await Profile.countDocuments({ email: user.email })).toBe(0);
  });

  it('accepts a profile without linkedin and github, and refuses links that are not http(s)', async () => {
    const user = await makeUser();
    const bad = await post({ ...PROFILE, linkedin: 'javascript:alert(1)' }, user);
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.linkedin).toContain('Give a full link starting with https://');
    const foreignImage = await post({ ...PROFILE, image: 'https://tracker.example/pixel.png' }, user);
    expect(foreignImage.status).toBe(400);
    const ok = await post({ ...PROFILE, linkedin: '', github: undefined }, user);
    expect(ok.status).toBe(201);
    expect((await get(user.email, user)).body[0]).toMatchObject({ linkedin: null, github: null });
  });

  it('updates the own profile: image required, left-out fields kept, a cleared required field refused, links cleared', async () => {
    const [profile] = (await get(owner.email, owner)).body;
    const missingImage = await patch(profile._id, { profileInfo: { city: 'York' } }, owner);
    expect(missingImage.status).toBe(400);
    expect(missingImage.body).toMatchObject({ success: false, error: 'Image is Required' });

    const newImage = '/uploads/aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee.jpg';
    // A cleared field that Add Profile requires is refused with Add Profile's message, and nothing changes.
    const cleared = await patch(profile._id, { profileInfo: { image: newImage, city: 'York', phone: '' } }, owner);
    expect(cleared).toMatchObject({ status: 400, body: { success: false, error: 'Phone is Required' } });
    expect(cleared.body.fieldErrors).toEqual({ 'profileInfo.phone': ['Phone is Required'] });
    expect(await Profile.findById(profile._id).lean()).toMatchObject({ image: PROFILE.image, city: PROFILE.city, phone: PROFILE.phone });

    // A field left out keeps its value; a cleared link is removed.
    const res = await patch(profile._id, { profileInfo: { image: newImage, city: 'York', github: '', name: 'Forged' } }, owner);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Your profile was updated' });
    const stored = await Profile.findById(profile._id).lean();
    expect(stored).toMatchObject({ image: newImage, city: 'York', phone: PROFILE.phone, name: 'Olive Owner', linkedin: PROFILE.linkedin });
    expect(stored?.github).toBeUndefined();
  });

  it("answers 404 to another customer patching someone's profile, and lets an admin do it", async () => {
    const [profile] = (await get(owner.email, owner)).body;
    const denied = await patch(profile._id, { profileInfo: { image: PROFILE.image, city: 'Hull' } }, other);
    expect(denied.status).toBe(404);
    expect(denied.body).toMatchObject({ success: false, error: 'Profile not found' });
    expect((await Profile.findById(profile._id).lean())?.city).toBe('York');

    const byAdmin = await patch(profile._id, { profileInfo: { image: PROFILE.image, city: 'Hull' } }, admin);
    expect(byAdmin.status).toBe(200);
    expect((await Profile.findById(profile._id).lean())?.city).toBe('Hull');
    // An admin's change of somebody's profile is audited; the owner's own changes are not admin changes.
    const entries = await AuditEntry.find({ 'target.id': profile._id }).lean();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'profile.update',
      actorEmail: admin.email,
      target: { kind: 'profile', label: owner.email },
      before: { image: '/uploads/aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee.jpg', city: 'York' },
      after: { image: PROFILE.image, city: 'Hull' },
    });
    // An admin edit that changes nothing records nothing; one overtaken by the owner's own edit records
    // what the admin wrote.
    expect((await patch(profile._id, { profileInfo: { image: PROFILE.image, city: 'Hull' } }, admin)).status).toBe(200);
    const realUpdate = Profile.updateOne.bind(Profile);
    const spy = jest.spyOn(Profile, 'updateOne').mockImplementationOnce(((...args: Parameters<typeof realUpdate>) =>
      realUpdate(...args).then(async (result) => {
        await realUpdate({ _id: profile._id }, { $set: { city: 'Written by the owner' } });
        return result;
      })) as typeof realUpdate);
    try {
      expect((await patch(profile._id, { profileInfo: { image: PROFILE.image, city: 'Bath' } }, admin)).status).toBe(200);
    } finally {
      spy.mockRestore();
    }
    const all = await AuditEntry.find({ 'target.id': profile._id }).sort({ _id: 1 }).lean();
    expect(all.map((entry) => entry.after)).toEqual([{ image: PROFILE.image, city: 'Hull' }, { city: 'Bath' }]);
  });

  it('answers 404 for a malformed profile id', async () => {
    const res = await patch('nope', { profileInfo: { image: PROFILE.image } }, owner);
    expect(res.status).toBe(404);
  });
});
