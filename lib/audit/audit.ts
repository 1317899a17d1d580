import 'server-only';
import type { Types } from 'mongoose';
import { assertAdmin, type Actor } from '@/lib/auth';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@/lib/core/pagination';
import { connectDb } from '@/lib/platform/db';
import type { Page } from '@/lib/core/pagination';
import { AuditEntry } from '@/models';
import { AUDIT_ACTIONS, AUDIT_TARGET_KINDS, type AuditAction, type AuditEntryDoc } from '@/models/audit-entry';

/** The audit log (DESIGN.md section 6): append-only, so this module only inserts and reads and the model refuses updates and deletes. */

export { AUDIT_ACTIONS, type AuditAction };
export type AuditTarget = { kind: (typeof AUDIT_TARGET_KINDS)[number]; id: string; label: string };
export type AuditInput = { action: AuditAction; target: AuditTarget; before?: unknown; after?: unknown };
export type AuditEntryDTO = {
  _id: string;
  at: string;
  actor: { id: string; email: string };
  action: AuditAction;
  target: AuditTarget;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/** A stored snapshot: plain JSON (ids as strings, dates as ISO strings), null for nothing. */
function snapshot(value: unknown): Record<string, unknown> | null {
  if (value === undefined || value === null) return null;
  const plain: unknown = JSON.parse(JSON.stringify(value));
  return plain && typeof plain === 'object' && !Array.isArray(plain) ? (plain as Record<string, unknown>) : { value: plain };
}

/** A thing as an update wrote it, not as read afterwards (which may already hold another writer's change). */
export function asWritten<T extends object>(before: T, set: object, unset: object = {}): T {
  return { ...before, ...set, ...Object.fromEntries(Object.keys(unset).map((field) => [field, undefined])) };
}

/** The fields that differ between two snapshots, each side with only those (for an edit's `recordAudit`). */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const a = snapshot(before) ?? {};
  const b = snapshot(after) ?? {};
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]));
  return {
    before: Object.fromEntries(keys.map((key) => [key, a[key] ?? null])),
    after: Object.fromEntries(keys.map((key) => [key, b[key] ?? null])),
  };
}

/** Appends an entry for a change just made; never throws so the admin does not retry the change. A failed write is retried, then
 * logged whole for recovery. Answers whether it was stored. */
export async function recordAudit(actor: Pick<Actor, '_id' | 'email'>, input: AuditInput): Promise<boolean> {
  const entry = {
    at: new Date(),
    actorId: actor._id,
    actorEmail: actor.email,
    action: input.action,
    target: input.target,
    before: snapshot(input.before),
    after: snapshot(input.after),
  };
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      await connectDb();
      await AuditEntry.create(entry);
      return true;
    } catch (error) {
      if (attempt === 3) {
        console.error(`[audit] could not record ${JSON.stringify(entry)}:`, error);
        return false;
      }
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
  return false;
}

type LeanEntry = AuditEntryDoc & { _id: Types.ObjectId };

function toAuditEntryDTO(entry: LeanEntry): AuditEntryDTO {
  return {
    _id: String(entry._id),
    at: new Date(entry.at).toISOString(),
    actor: { id: entry.actorId, email: entry.actorEmail },
    action: entry.action as AuditAction,
    target: { kind: (entry.target?.kind ?? 'part') as AuditTarget['kind'], id: entry.target?.id ?? '', label: entry.target?.label ?? '' },
    before: (entry.before as Record<string, unknown> | null) ?? null,
    after: (entry.after as Record<string, unknown> | null) ?? null,
  };
}

export type AuditQuery = { action?: AuditAction; adminEmail?: string; page?: number; limit?: number };

/** The log, newest first, filtered by action and by admin (admins only). */
export async function listAudit(actor: Pick<Actor, 'isAdmin'>, query: AuditQuery = {}): Promise<Page<AuditEntryDTO>> {
  assertAdmin(actor);
  await connectDb();
  const filter: Record<string, string> = {};
  if (query.action && (AUDIT_ACTIONS as readonly string[]).includes(query.action)) filter.action = query.action;
  if (query.adminEmail) filter.actorEmail = query.adminEmail.trim().toLowerCase();
  const limit = Math.min(Math.max(query.limit ?? DEFAULT_PAGE_SIZE, 1), MAX_PAGE_SIZE);
  const page = Math.max(query.page ?? 1, 1);
  // Served by the (action, _id) and (actorEmail, _id) indexes on MongoDB; FerretDB v1 scans the log.
  const [entries, total] = await Promise.all([
    AuditEntry.find(filter)
      .sort({ _id: -1 })
      .skip((page - 1) * limit)
      .limit(limit)
      .lean<LeanEntry[]>(),
    AuditEntry.countDocuments(filter),
  ]);
  return { items: entries.map(toAuditEntryDTO), total, page, limit };
}

/** The admins who appear in the log, for the filter (admins only). */
export async function listAuditAdmins(actor: Pick<Actor, 'isAdmin'>): Promise<string[]> {
  assertAdmin(actor);
  await connectDb();
  // No maxTimeMS here: FerretDB v1 refuses the option on distinct (the time-limit plugin skips distinct too).
  const emails = (await AuditEntry.distinct('actorEmail')) as string[];
  return emails.sort();
}
