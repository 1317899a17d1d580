/**
 * The admin's job kits through their routes against the real database: admins only, validated with field errors,
 * audited; and the default jobs seeded once per database.
 */
import { Types } from 'mongoose';
import * as kitRoute from '@/app/api/admin/kits/[id]/route';
import * as kitsRoute from '@/app/api/admin/kits/route';
import { DEFAULT_KITS, ensureDefaultKits } from '@/lib/kits';
import { KIT_LINE_NEEDS_TYPE, MAX_KIT_ALTERNATIVES } from '@/lib/validations/kits';
import type { UserDTO } from '@/lib/auth/users';
import { AuditEntry, JobKit, JobMark } from '@/models';
import { callRoute } from '@/tests/helpers/api';
import { makeUser } from '@/tests/helpers/factories';

let admin: UserDTO;
let customer: UserDTO;

beforeAll(async () => {
  admin = await makeUser({ name: 'Ada Admin', admin: true });
  customer = await makeUser({ name: 'Cal Customer' });
});

const pads = { label: 'Front pads', partTypeId: 1684, category: 'brakes', keyword: 'pad', position: 'front', quantity: 1 };
const shoes = { partTypeId: 1104, category: 'brakes', keyword: 'shoe', position: 'rear' };
const kitBody = { name: 'Clutch job', lines: [pads, { label: 'Clutch kit', category: 'drivetrain', quantity: 1 }] };
const anyId = () => String(new Types.ObjectId());

const create = (body: unknown, as: UserDTO | null = admin) => callRoute(kitsRoute.POST, '/api/admin/kits', { method: 'POST', body, as });

describe('admin-only access', () => {
  const calls: Array<[string, () => Parameters<typeof callRoute>]> = [
    ['GET kits', () => [kitsRoute.GET, '/api/admin/kits']],
    ['POST kit', () => [kitsRoute.POST, '/api/admin/kits', { method: 'POST', body: kitBody }]],
    ['PATCH kit', () => [kitRoute.PATCH, '/api/admin/kits/x', { method: 'PATCH', body: { name: 'X' }, params: { id: anyId() } }]],
    ['DELETE kit', () => [kitRoute.DELETE, '/api/admin/kits/x', { method: 'DELETE', params: { id: anyId() } }]],
  ];

  it.each(calls)('%s: a visitor gets 401, a customer 403, and nothing is stored', async (_name, call) => {
    const [handler, path, options = {}] = call();
    const before = await JobKit.countDocuments();
    expect((await callRoute(handler, path, { ...options, as: null })).status).toBe(401);
    const refused = await callRoute(handler, path, { ...options, as: customer });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'Admins only' });
    expect(await JobKit.countDocuments()).toBe(before);
  });
});

describe('job kits', () => {
  it('creates a job with its lines, audited, and lists it', async () => {
    const res = await create(kitBody);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Clutch job',
      lines: [
        { ...pads, perCylinder: false },
        { label: 'Clutch kit', partTypeId: null, category: 'drivetrain', keyword: null, position: null, quantity: 1, perCylinder: false },
      ],
    });
    const stored = await JobKit.findById(res.body._id).lean();
    expect(stored).toMatchObject({ name: 'Clutch job', nameKey: 'clutch job' });
    const [entry] = await AuditEntry.find({ 'target.id': res.body._id }).lean();
    expect(entry).toMatchObject({ action: 'kit.create', actorEmail: admin.email, target: { kind: 'job-kit', label: 'Clutch job' } });
    const list = await callRoute(kitsRoute.GET, '/api/admin/kits', { as: admin });
    expect(list.status).toBe(200);
    expect(list.body.map((kit: { name: string }) => kit.name)).toContain('Clutch job');
  });

  it('refuses a second job of the same name, whatever its case (409 on the name)', async () => {
    expect((await create({ ...kitBody, name: 'Timing job' })).status).toBe(201);
    const again = await create({ ...kitBody, name: 'TIMING JOB' });
    expect(again.status).toBe(409);
    expect(again.body.fieldErrors).toHaveProperty('name');
    expect(await JobKit.countDocuments({ nameKey: 'timing job' })).toBe(1);
  });

  it.each([
    ['no name', { lines: kitBody.lines }, 'name'],
    ['no lines', { name: 'Empty job', lines: [] }, 'lines'],
    [
      'a line with neither part type nor category',
      { name: 'Vague job', lines: [{ label: 'Something', quantity: 1 }] },
      'lines.0.partTypeId',
    ],
    ['a quantity of 0', { name: 'Zero job', lines: [{ ...pads, quantity: 0 }] }, 'lines.0.quantity'],
    ['a quantity of 101', { name: 'Huge job', lines: [{ ...pads, quantity: 101 }] }, 'lines.0.quantity'],
    ['an unknown category', { name: 'Odd job', lines: [{ label: 'X', category: 'toys', quantity: 1 }] }, 'lines.0.category'],
    ['an operator for a name', { name: { $ne: 'x' }, lines: kitBody.lines }, 'name'],
    ['an unknown field', { ...kitBody, name: 'Extra job', extra: 1 }, null],
    [
      'an alternative with neither part type nor category',
      { name: 'Vague or job', lines: [{ ...pads, alternatives: [{ position: 'rear' }] }] },
      'lines.0.alternatives.0.partTypeId',
    ],
    [
      `${MAX_KIT_ALTERNATIVES + 1} alternatives`,
      { name: 'Many or job', lines: [{ ...pads, alternatives: Array.from({ length: MAX_KIT_ALTERNATIVES + 1 }, () => shoes) }] },
      'lines.0.alternatives',
    ],
    ['alternatives that are not a list', { name: 'Odd or job', lines: [{ ...pads, alternatives: shoes }] }, 'lines.0.alternatives'],
    [
      'an alternative with a label or quantity of its own',
      { name: 'Own or job', lines: [{ ...pads, alternatives: [{ ...shoes, quantity: 2 }] }] },
      'lines.0.alternatives.0',
    ],
  ])('refuses %s with 400 and stores nothing', async (_name, body, field) => {
    const before = await JobKit.countDocuments();
    const res = await create(body);
    expect(res.status).toBe(400);
    if (field) expect(res.body.fieldErrors).toHaveProperty([field]);
    expect(await JobKit.countDocuments()).toBe(before);
  });

  it("keeps a line's alternatives in order, up to the limit, and reads a line stored without them as having none", async () => {
    const options = [shoes, { partTypeId: null, category: 'brakes', keyword: 'band', position: 'rear' }, { ...shoes, partTypeId: 1105 }];
    expect(options).toHaveLength(MAX_KIT_ALTERNATIVES);
    const res = await create({ name: 'Rear or job', lines: [{ ...pads, alternatives: options }] });
    expect(res.status).toBe(201);
    expect(res.body.lines[0].alternatives).toEqual(options);
    const stored = await JobKit.findById(res.body._id).lean();
    expect(stored!.lines[0]!.alternatives).toEqual([
      shoes,
      { category: 'brakes', keyword: 'band', position: 'rear' },
      { ...shoes, partTypeId: 1105 },
    ]);
    const old = await create({ name: 'Old line job', lines: [pads] });
    expect(old.body.lines[0].alternatives).toEqual([]);
    expect((await JobKit.findById(old.body._id).lean())!.lines[0]).not.toHaveProperty('alternatives');
  });

  it('takes a quantity of 100 and explains a line without a kind', async () => {
    expect((await create({ name: 'Bulk job', lines: [{ ...pads, quantity: 100 }] })).status).toBe(201);
    const vague = await create({ name: 'Vague job', lines: [{ label: 'Something', quantity: 1 }] });
    expect(vague.body.fieldErrors['lines.0.partTypeId']).toEqual([KIT_LINE_NEEDS_TYPE]);
  });

  it('edits a job, auditing only what changed, then deletes it, audited', async () => {
    const { body: kit } = await create({ ...kitBody, name: 'Suspension job' });
    const params = { id: kit._id };
    const patched = await callRoute(kitRoute.PATCH, '/api/admin/kits/x', {
      method: 'PATCH',
      body: { lines: [{ ...pads, quantity: 2 }] },
      params,
      as: admin,
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: 'Suspension job', lines: [{ label: 'Front pads', quantity: 2 }] });
    expect((await JobKit.findById(kit._id).lean())!.lines).toHaveLength(1);
    const removed = await callRoute(kitRoute.DELETE, '/api/admin/kits/x', { method: 'DELETE', params, as: admin });
    expect(removed.body).toEqual({ deletedCount: 1 });
    expect(await JobKit.exists({ _id: kit._id })).toBeNull();
    const entries = await AuditEntry.find({ 'target.id': kit._id }).sort({ _id: 1 }).lean();
    expect(entries.map((entry) => entry.action)).toEqual(['kit.create', 'kit.update', 'kit.delete']);
    expect(Object.keys(entries[1]!.after!)).toEqual(['lines']);
  });

  it('refuses to rename a job to the name of another, whatever its case (409), and keeps both', async () => {
    await create({ ...kitBody, name: 'Exhaust job' });
    const { body: other } = await create({ ...kitBody, name: 'Steering job' });
    const res = await callRoute(kitRoute.PATCH, '/api/admin/kits/x', {
      method: 'PATCH',
      body: { name: 'EXHAUST job' },
      params: { id: other._id },
      as: admin,
    });
    expect(res.status).toBe(409);
    expect((await JobKit.findById(other._id).lean())!.name).toBe('Steering job');
  });

  it('answers 404 for an unknown or malformed id, and 400 for an empty change', async () => {
    const unknown = await callRoute(kitRoute.DELETE, '/api/admin/kits/x', { method: 'DELETE', params: { id: anyId() }, as: admin });
    expect(unknown.status).toBe(404);
    const malformed = await callRoute(kitRoute.PATCH, '/api/admin/kits/x', {
      method: 'PATCH',
      body: { name: 'X' },
      params: { id: 'nope' },
      as: admin,
    });
    expect(malformed.status).toBe(404);
    const { body: kit } = await create({ ...kitBody, name: 'Cooling job' });
    const empty = await callRoute(kitRoute.PATCH, '/api/admin/kits/x', { method: 'PATCH', body: {}, params: { id: kit._id }, as: admin });
    expect(empty.status).toBe(400);
  });
});

describe('the default jobs', () => {
  it('are seeded once per database, by one of several instances, and a deleted one stays deleted', async () => {
    await JobKit.deleteMany({ _id: { $in: DEFAULT_KITS.map((kit) => kit._id) } });
    await JobMark.deleteOne({ _id: 'default-kits-seeded' });
    await Promise.all([ensureDefaultKits(), ensureDefaultKits()]);
    const seeded = await JobKit.find({ _id: { $in: DEFAULT_KITS.map((kit) => kit._id) } }).lean();
    expect(seeded.map((kit) => kit.name).sort()).toEqual(['Front brake job', 'Rear brake job', 'Service job']);
    await JobKit.deleteOne({ _id: DEFAULT_KITS[1]!._id });
    expect(await ensureDefaultKits()).toBe(false);
    expect(await JobKit.exists({ _id: DEFAULT_KITS[1]!._id })).toBeNull();
  });

  it('gives a database seeded before alternatives the rear shoes and drums once, unless an admin changed that job', async () => {
    const rear = DEFAULT_KITS[1]!;
    const oldLines = [
      { label: 'Rear brake pads', partTypeId: 1684, category: 'brakes', keyword: 'pad set', position: 'rear', quantity: 1 },
      { label: 'Rear brake rotors', partTypeId: 1896, category: 'brakes', keyword: 'rotor', position: 'rear', quantity: 2 },
    ];
    const seedOld = async (lines: object[]) => {
      await JobKit.deleteOne({ _id: rear._id });
      await JobKit.collection.insertOne({
        _id: rear._id,
        name: rear.name,
        nameKey: 'rear brake job',
        lines,
        position: 1,
        updatedAt: new Date(),
      });
      await JobMark.updateOne({ _id: 'default-kits-seeded' }, { $set: { upTo: new Date() } }, { upsert: true });
      await JobMark.deleteOne({ _id: 'default-kits-rear-alternatives' });
    };
    await seedOld(oldLines);
    await Promise.all([ensureDefaultKits(), ensureDefaultKits()]);
    const upgraded = await JobKit.findById(rear._id).lean();
    expect(upgraded!.lines.map((line) => [line.label, line.partTypeId, line.alternatives?.map((option) => option.partTypeId)])).toEqual([
      ['Rear pads or shoes', 1684, [1104]],
      ['Rear rotors or drums', 1896, [1105]],
    ]);
    // An admin's own rear job stays as they made it.
    const edited = [{ ...oldLines[0]!, quantity: 2 }, oldLines[1]!];
    await seedOld(edited);
    await ensureDefaultKits();
    expect((await JobKit.findById(rear._id).lean())!.lines.map((line) => line.quantity)).toEqual([2, 2]);
    expect((await JobKit.findById(rear._id).lean())!.lines[0]!.label).toBe('Rear brake pads');
    // Done once: the old job put back later is left alone.
    await JobKit.updateOne({ _id: rear._id }, { $set: { lines: oldLines } });
    await ensureDefaultKits();
    expect((await JobKit.findById(rear._id).lean())!.lines[0]!.label).toBe('Rear brake pads');
  });
});
