import 'server-only';
import { assertAdmin, type Actor } from '@/lib/auth';
import { connectDb } from '@/lib/platform/db';
import { AlertSubscription } from '@/models';

/** The waiting alerts of one vehicle or part (the Lost Demand page). */
export type WaitingAlertRow = { label: string; count: number; partId: string | null };
export type WaitingAlerts = { vehicles: WaitingAlertRow[]; parts: WaitingAlertRow[] };

const REPORT_ROWS = 100;

/** The alerts still waiting (unsent, unexpired), counted per vehicle and per part, the most awaited first (admins). */
export async function listWaitingAlerts(actor: Pick<Actor, 'isAdmin'>, now = new Date()): Promise<WaitingAlerts> {
  assertAdmin(actor);
  await connectDb();
  const groups = await AlertSubscription.aggregate<{ _id: { kind: string; label: string; partId?: string }; count: number }>([
    { $match: { sentAt: null, expiresAt: { $gte: now } } },
    { $group: { _id: { kind: '$kind', label: '$label', partId: '$partId' }, count: { $sum: 1 } } },
  ]);
  const rows = (kind: string) =>
    groups
      .filter((group) => group._id.kind === kind)
      .map((group) => ({ label: group._id.label, count: group.count, partId: group._id.partId ?? null }))
      .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label))
      .slice(0, REPORT_ROWS);
  return { vehicles: rows('vehicle'), parts: rows('part') };
}
