import 'server-only';
import { randomUUID } from 'node:crypto';
import { recordAudit } from '@/lib/audit';
import { ADMINS_ONLY, assertAdmin, type Actor } from '@/lib/auth';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@/lib/core/pagination';
import { TEXT } from '@/lib/core/texts';
import { connectDb } from '@/lib/platform/db';
import { ConflictError, ForbiddenError, NotFoundError, ServiceUnavailableError, isDuplicateKey } from '@/lib/core/errors';
import type { Page, PageQuery } from '@/lib/core/pagination';
import { toUserDTO, type LeanUser, type UserDTO } from '@/lib/auth';
import { RoleLock, User } from '@/models';

/** Roles: who is an admin, granted and revoked by admins. */

export const CANNOT_REVOKE_SELF = 'You cannot revoke your own admin role';
export const CANNOT_REVOKE_LAST = 'The last admin cannot be revoked';
export const ROLES_BUSY = 'Another role change is in progress, please try again';

type RoleActor = Pick<Actor, '_id' | 'email' | 'isAdmin'>;

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The accounts, oldest first (admins); `q` matches part of the email or the name, in any case. */
export async function listUsers(actor: Pick<Actor, 'isAdmin'>, query: PageQuery & { q?: string } = {}): Promise<Page<UserDTO>> {
  assertAdmin(actor);
  await connectDb();
  const q = query.q?.trim().slice(0, 100);
  // A plain regex (FerretDB has no $text), with the input escaped so it is matched as typed.
  const filter = q
    ? { $or: [{ email: { $regex: escapeRegex(q), $options: 'i' } }, { name: { $regex: escapeRegex(q), $options: 'i' } }] }
    : {};
  const limit = Math.min(Math.max(query.limit ?? DEFAULT_PAGE_SIZE, 1), MAX_PAGE_SIZE);
  const page = Math.max(query.page ?? 1, 1);
  const [users, total] = await Promise.all([
    User.find(filter)
      .sort({ createdAt: 1, _id: 1 })
      .skip((page - 1) * limit)
      .limit(limit)
      .lean<LeanUser[]>(),
    User.countDocuments(filter),
  ]);
  return { items: users.map(toUserDTO), total, page, limit };
}

const LOCK_LEASE_MS = 30_000;
const LOCK_WAIT_MS = 5_000;

/** Runs `work` under the role lock (a unique-`_id` generation in models/role-lock.ts) across instances; `work` checks the lease
 * before writing so a stalled holder gives up. */
async function withRoleLock<T>(purpose: string, work: (assertHeld: () => void) => Promise<T>): Promise<T> {
  await connectDb();
  const owner = randomUUID();
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (let attempt = 1; ; attempt++) {
    const latest = await RoleLock.findOne({}, { _id: 1, releasedAt: 1, leaseUntil: 1 }).sort({ _id: -1 }).lean();
    if (!latest || latest.releasedAt || latest.leaseUntil.getTime() <= Date.now()) {
      const generation = (latest ? Number(latest._id) : 0) + 1;
      const leaseUntil = Date.now() + LOCK_LEASE_MS;
      let held = false;
      try {
        await RoleLock.create({ _id: generation, owner, purpose, leaseUntil: new Date(leaseUntil) });
        held = true;
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
      if (held) {
        try {
          return await work(() => {
            if (Date.now() > leaseUntil - 2_000) throw new ServiceUnavailableError(ROLES_BUSY);
          });
        } finally {
          // Only the holder writes its own generation, so this plain update has no competitor.
          await RoleLock.updateOne({ _id: generation, owner }, { $set: { releasedAt: new Date() } }).catch(() => {});
        }
      }
    }
    if (Date.now() > deadline) throw new ConflictError(ROLES_BUSY);
    await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 20 * Math.min(attempt, 5)));
  }
}

/** The actor's role as stored now: a request resolved a moment ago may have been demoted since. */
async function assertStillAdmin(actor: RoleActor, message: string): Promise<void> {
  const self = await User.findById(actor._id, { role: 1 }).lean<LeanUser>();
  if (self?.role !== 'admin') throw new ForbiddenError(message);
}

/** Gives the admin role (admins); under the role lock so two concurrent grants change and audit once. */
export async function makeAdmin(actor: RoleActor, email: string): Promise<{ modifiedCount: number }> {
  assertAdmin(actor, TEXT.notAdmin);
  const target = email.trim().toLowerCase();
  await connectDb();
  return withRoleLock('grant', async (assertHeld) => {
    await assertStillAdmin(actor, TEXT.notAdmin);
    const user = await User.findOne({ email: target }, { role: 1, email: 1 }).lean<LeanUser>();
    if (!user) throw new NotFoundError('No user with that email');
    if (user.role === 'admin') return { modifiedCount: 0 };
    assertHeld();
    const result = await User.updateOne({ _id: user._id }, { $set: { role: 'admin' } });
    if (result.modifiedCount > 0) {
      await recordAudit(actor, {
        action: 'role.grant',
        target: { kind: 'user', id: String(user._id), label: user.email },
        before: { role: null },
        after: { role: 'admin' },
      });
    }
    return { modifiedCount: result.modifiedCount };
  });
}

/** Takes the admin role away (admins); refused (409) for oneself and the last admin. Under the role lock the revoker re-reads its own
 * role, so two admins revoking each other leave one admin, on FerretDB too. */
export async function revokeAdmin(actor: RoleActor, email: string): Promise<{ acknowledged: true; modifiedCount: number }> {
  assertAdmin(actor);
  const target = email.trim().toLowerCase();
  await connectDb();
  return withRoleLock('revoke', async (assertHeld) => {
    await assertStillAdmin(actor, ADMINS_ONLY);
    const user = await User.findOne({ email: target }, { role: 1, email: 1 }).lean<LeanUser>();
    if (!user) throw new NotFoundError('No user with that email');
    if (user.role !== 'admin') return { acknowledged: true as const, modifiedCount: 0 };
    if ((await User.countDocuments({ role: 'admin' })) <= 1) throw new ConflictError(CANNOT_REVOKE_LAST);
    if (String(user._id) === actor._id) throw new ConflictError(CANNOT_REVOKE_SELF);
    assertHeld();
    const result = await User.updateOne({ _id: user._id }, { $unset: { role: 1 } });
    if (result.modifiedCount > 0) {
      await recordAudit(actor, {
        action: 'role.revoke',
        target: { kind: 'user', id: String(user._id), label: user.email },
        before: { role: 'admin' },
        after: { role: null },
      });
    }
    return { acknowledged: true as const, modifiedCount: result.modifiedCount };
  });
}
