import { DELETE as cancelRoute, PUT as shipRoute } from '@/app/api/order/[id]/route';
import { POST as placeOrderRoute } from '@/app/api/order/route';
import { DELETE as deletePartRoute, PUT as updatePartRoute } from '@/app/api/parts/[id]/route';
import { POST as createPartRoute } from '@/app/api/parts/route';
import { DELETE as deleteReviewRoute } from '@/app/api/review/[id]/route';
import { DELETE as revokeRoute, PUT as grantRoute } from '@/app/api/user/admin/[email]/route';
import { changedFields, listAudit, listAuditAdmins, recordAudit, type AuditAction } from '@/lib/audit/audit';
import { ForbiddenError } from '@/lib/core/errors';
import { markOrderPaid } from '@/lib/orders';
import type { UserDTO } from '@/lib/auth/users';
import { AuditEntry, Part } from '@/models';
import { APPEND_ONLY } from '@/models/audit-entry';
import { callRoute } from '@/tests/helpers/api';
import { asActor, LONG_TEXT, makePart, makeReview, makeUser } from '@/tests/helpers/factories';

const CONTACT = { address: '12 Mill Road, Leeds', phone: '+44 113 496 0200' };

let admin: UserDTO;
let second: UserDTO;
let customer: UserDTO;

beforeAll(async () => {
  admin = await makeUser({ name: 'Audrey Admin', admin: true });
  second = await makeUser({ name: 'Sid Second', admin: true });
  customer = await makeUser({ name: 'Cora Customer' });
});

/** The entries written for one target since the test started, oldest first. */
async function entriesFor(targetId: string, action?: AuditAction) {
  const entries = await AuditEntry.find({ 'target.id': targetId, ...(action ? { action } : {}) })
    .sort({ _id: 1 })
    .lean();
  return entries;
}

async function placeAndPay(partId: string, quantity = 1): Promise<string> {
  const res = await callRoute(placeOrderRoute, '/api/order', { method: 'POST', body: { partId, ...CONTACT, quantity }, as: customer });
  expect(res.status).toBe(201);
  const id = res.body.insertedId as string;
  await markOrderPaid(asActor(customer), id, `pi_test_${id}`, async (payable) => ({
    intentId: `pi_test_${id}`,
    amountCents: payable.totalCents,
  }));
  return id;
}

describe('recordAudit and listAudit', () => {
  it('lists entries newest first, filtered by kind and by admin, for admins only', async () => {
    const tag = Date.now().toString(36);
    await recordAudit(asActor(admin), {
      action: 'part.create',
      target: { kind: 'part', id: `p1-${tag}`, label: 'First' },
      after: { name: 'First' },
    });
    await recordAudit(asActor(second), { action: 'role.grant', target: { kind: 'user', id: `u1-${tag}`, label: 'x@example.com' } });
    await recordAudit(asActor(admin), { action: 'role.grant', target: { kind: 'user', id: `u2-${tag}`, label: 'y@example.com' } });

    const all = await listAudit(asActor(admin), { limit: 3 });
    expect(all.items.map((entry) => entry.target.id)).toEqual([`u2-${tag}`, `u1-${tag}`, `p1-${tag}`]);
    expect(all.items[2]).toMatchObject({
      action: 'part.create',
      actor: { id: admin._id, email: admin.email },
      before: null,
      after: { name: 'First' },
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const grants = await listAudit(asActor(admin), { action: 'role.grant', limit: 100 });
    expect(grants.items.every((entry) => entry.action === 'role.grant')).toBe(true);
    const bySecond = await listAudit(asActor(admin), { adminEmail: second.email.toUpperCase(), limit: 100 });
    expect(bySecond.items.map((entry) => entry.target.id)).toContain(`u1-${tag}`);
    expect(bySecond.items.every((entry) => entry.actor.email === second.email)).toBe(true);
    const both = await listAudit(asActor(admin), { action: 'role.grant', adminEmail: admin.email, limit: 100 });
    expect(both.items.map((entry) => entry.target.id)).toContain(`u2-${tag}`);
    expect(both.items.map((entry) => entry.target.id)).not.toContain(`u1-${tag}`);
    const paged = await listAudit(asActor(admin), { limit: 1, page: 2 });
    expect(paged.items[0]!.target.id).toBe(`u1-${tag}`);
    expect(await listAuditAdmins(asActor(admin))).toEqual(expect.arrayContaining([admin.email, second.email]));

    await expect(listAudit(asActor(customer), {})).rejects.toBeInstanceOf(ForbiddenError);
    await expect(listAuditAdmins(asActor(customer))).rejects.toBeInstanceOf(ForbiddenError);
  });

  it('keeps only the changed fields with changedFields', () => {
    expect(changedFields({ name: 'A', price: 5, img: 'x' }, { name: 'B', price: 5, img: 'x' })).toEqual({
      before: { name: 'A' },
      after: { name: 'B' },
    });
  });
});

describe('the log is append-only', () => {
  it('refuses every update and delete through the model', async () => {
    await recordAudit(asActor(admin), {
      action: 'review.remove',
      target: { kind: 'review', id: 'r-append', label: 'Kept' },
      before: { review: 'x' },
    });
    const entry = await AuditEntry.findOne({ 'target.id': 'r-append' });
    expect(entry).not.toBeNull();
    const attempts: Array<() => Promise<unknown>> = [
      () => AuditEntry.updateOne({ _id: entry!._id }, { $set: { actorEmail: 'someone@example.com' } }),
      () => AuditEntry.updateMany({}, { $set: { action: 'part.create' } }),
      () => AuditEntry.replaceOne({ _id: entry!._id }, { actorEmail: 'x@example.com' }),
      () => AuditEntry.findOneAndUpdate({ _id: entry!._id }, { $set: { before: null } }),
      () => AuditEntry.findOneAndReplace({ _id: entry!._id }, { actorEmail: 'x@example.com' }),
      () => AuditEntry.findOneAndDelete({ _id: entry!._id }),
      () => AuditEntry.deleteOne({ _id: entry!._id }),
      () => AuditEntry.deleteMany({}),
      () => AuditEntry.findByIdAndUpdate(entry!._id, { $set: { action: 'part.create' } }),
      () => AuditEntry.findByIdAndDelete(entry!._id),
      () => entry!.deleteOne(),
      () => entry!.updateOne({ $set: { actorEmail: 'x@example.com' } }),
      () => {
        entry!.set('actorEmail', 'rewritten@example.com');
        return entry!.save();
      },
      () => AuditEntry.bulkWrite([{ deleteOne: { filter: { _id: entry!._id } } }]),
    ];
    for (const attempt of attempts) await expect(attempt()).rejects.toThrow(APPEND_ONLY);
    const stored = await AuditEntry.findById(entry!._id).lean();
    expect(stored).toMatchObject({ actorEmail: admin.email, action: 'review.remove' });
  });
});

describe('every audited admin action writes exactly one entry, with the fields before and after', () => {
  it('role.grant and role.revoke', async () => {
    const user = await makeUser();
    expect((await callRoute(grantRoute, '', { method: 'PUT', params: { email: user.email }, as: admin })).status).toBe(200);
    expect((await callRoute(grantRoute, '', { method: 'PUT', params: { email: user.email }, as: admin })).body.modifiedCount).toBe(0);
    expect((await callRoute(revokeRoute, '', { method: 'DELETE', params: { email: user.email }, as: second })).status).toBe(200);
    expect((await callRoute(revokeRoute, '', { method: 'DELETE', params: { email: user.email }, as: second })).body.modifiedCount).toBe(0);
    const entries = await entriesFor(user._id);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      action: 'role.grant',
      actorEmail: admin.email,
      target: { kind: 'user', label: user.email },
      before: { role: null },
      after: { role: 'admin' },
    });
    expect(entries[1]).toMatchObject({ action: 'role.revoke', actorEmail: second.email, before: { role: 'admin' }, after: { role: null } });
  });

  it('review.remove', async () => {
    const id = await makeReview({ name: 'Rita Reviewer', rating: 2, review: LONG_TEXT });
    expect((await callRoute(deleteReviewRoute, '', { method: 'DELETE', params: { id }, as: admin })).status).toBe(200);
    expect((await callRoute(deleteReviewRoute, '', { method: 'DELETE', params: { id }, as: admin })).status).toBe(404);
    const entries = await entriesFor(id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'review.remove',
      actorEmail: admin.email,
      target: { kind: 'review' },
      before: { name: 'Rita Reviewer', rating: 2, review: LONG_TEXT },
      after: null,
    });
  });

  it('order.ship and an admin cancel (a customer cancel is not an admin change)', async () => {
    const partId = await makePart({ stock: 20 });
    const shipped = await placeAndPay(partId);
    const body = { pending: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' };
    expect((await callRoute(shipRoute, '', { method: 'PUT', params: { id: shipped }, body, as: admin })).body.modifiedCount).toBe(1);
    expect((await callRoute(shipRoute, '', { method: 'PUT', params: { id: shipped }, body, as: admin })).body.modifiedCount).toBe(0);
    const shipEntries = await entriesFor(shipped);
    expect(shipEntries).toHaveLength(1);
    expect(shipEntries[0]).toMatchObject({
      action: 'order.ship',
      actorEmail: admin.email,
      target: { kind: 'order', label: expect.stringMatching(/^PM-\d+$/) },
      before: { status: 'pending' },
      after: { status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
    });

    const place = async () =>
      (await callRoute(placeOrderRoute, '/api/order', { method: 'POST', body: { partId, ...CONTACT, quantity: 1 }, as: customer })).body
        .insertedId as string;
    const byAdmin = await place();
    expect((await callRoute(cancelRoute, '', { method: 'DELETE', params: { id: byAdmin }, as: admin })).status).toBe(200);
    const cancelEntries = await entriesFor(byAdmin);
    expect(cancelEntries).toHaveLength(1);
    expect(cancelEntries[0]).toMatchObject({ action: 'order.cancel', actorEmail: admin.email, after: { cancelled: true } });
    const byCustomer = await place();
    expect((await callRoute(cancelRoute, '', { method: 'DELETE', params: { id: byCustomer }, as: customer })).status).toBe(200);
    expect(await entriesFor(byCustomer)).toHaveLength(0);
  });

  it('part.create, part.update, stock.restock, stock.correction and part.delete', async () => {
    const created = await callRoute(createPartRoute, '/api/parts', {
      method: 'POST',
      as: admin,
      body: {
        name: 'Audited rotor',
        price: 40,
        availableQuantity: 10,
        minimumQuantity: 1,
        img: '/images/parts/x.svg',
        category: 'brakes',
        description: `${LONG_TEXT}`,
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.insertedId as string;
    const update = (body: Record<string, unknown>) => callRoute(updatePartRoute, '', { method: 'PUT', params: { id }, body, as: admin });
    expect((await update({ name: 'Audited rotor 300 mm', price: 42.5 })).status).toBe(200);
    expect((await update({ availableQuantity: 15 })).status).toBe(200);
    expect((await update({ availableQuantity: 12 })).status).toBe(200);
    expect((await callRoute(deletePartRoute, '', { method: 'DELETE', params: { id }, as: admin })).status).toBe(200);

    const entries = await entriesFor(id);
    expect(entries.map((entry) => entry.action)).toEqual([
      'part.create',
      'part.update',
      'stock.restock',
      'stock.correction',
      'part.delete',
    ]);
    for (const entry of entries) expect(entry).toMatchObject({ actorEmail: admin.email, target: { kind: 'part', id } });
    expect(entries[0]).toMatchObject({ before: null, after: { name: 'Audited rotor', price: 40, availableQuantity: 10 } });
    expect(entries[1]).toMatchObject({
      before: { name: 'Audited rotor', price: 40 },
      after: { name: 'Audited rotor 300 mm', price: 42.5 },
    });
    expect(entries[2]).toMatchObject({ before: { availableQuantity: 10 }, after: { availableQuantity: 15 } });
    expect(entries[3]).toMatchObject({ before: { availableQuantity: 15 }, after: { availableQuantity: 12 } });
    expect(entries[4]).toMatchObject({ before: { name: 'Audited rotor 300 mm' }, after: null });
  });

  it("part.update records what this admin wrote, when another admin's edit lands before the answer", async () => {
    const id = await makePart({ name: 'Raced rotor', price: 30, stock: 5 });
    const realUpdate = Part.updateOne.bind(Part);
    const spy = jest.spyOn(Part, 'updateOne').mockImplementationOnce(((...args: Parameters<typeof realUpdate>) =>
      realUpdate(...args).then(async (result) => {
        await realUpdate({ _id: id }, { $set: { name: 'Renamed by the other admin' } });
        return result;
      })) as typeof realUpdate);
    try {
      const res = await callRoute(updatePartRoute, '', {
        method: 'PUT',
        params: { id },
        body: { name: 'Renamed by this admin' },
        as: admin,
      });
      expect(res.status).toBe(200);
    } finally {
      spy.mockRestore();
    }
    expect(await entriesFor(id, 'part.update')).toEqual([
      expect.objectContaining({ before: { name: 'Raced rotor' }, after: { name: 'Renamed by this admin' } }),
    ]);
  });

  it('part.archive: deleting a part that orders refer to archives it, recorded once', async () => {
    const partId = await makePart({ stock: 10 });
    await placeAndPay(partId);
    expect((await callRoute(deletePartRoute, '', { method: 'DELETE', params: { id: partId }, as: admin })).status).toBe(200);
    const entries = await entriesFor(partId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'part.archive',
      actorEmail: admin.email,
      before: { archived: false },
      after: { archived: true },
    });
  });
});
