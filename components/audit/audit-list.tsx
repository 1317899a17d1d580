import Link from 'next/link';
import { LocalTime } from '@/components/ui/local-time';
import type { AuditAction, AuditEntryDTO } from '@/lib/platform/audit';

export const ACTION_LABELS: Record<AuditAction, string> = {
  'part.create': 'Product created',
  'part.update': 'Product edited',
  'part.archive': 'Product archived',
  'part.delete': 'Product deleted',
  'stock.restock': 'Restock',
  'stock.correction': 'Stock correction',
  'order.ship': 'Order shipped',
  'order.cancel': 'Order cancelled',
  'role.grant': 'Admin role granted',
  'role.revoke': 'Admin role revoked',
  'review.remove': 'Review removed',
};

function show(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value.length > 160 ? `${value.slice(0, 160)}…` : value;
  const text = JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 160)}…` : text;
}

/** Where an entry's target lives in the dashboard, when it still has a page. */
function targetHref(entry: AuditEntryDTO): string | null {
  if (entry.target.kind === 'order') return `/dashboard/orders/${entry.target.id}`;
  if (entry.target.kind === 'part' && entry.action !== 'part.delete') return `/dashboard/manageProducts/${entry.target.id}`;
  return null;
}

function Changes({ entry }: { entry: AuditEntryDTO }) {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  // The fields that changed; a snapshot of unchanged state (paid stays true) would only hide them.
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (field) => JSON.stringify(before[field] ?? null) !== JSON.stringify(after[field] ?? null),
  );
  if (!fields.length) return null;
  return (
    <dl className="mt-3 divide-y divide-slate-100 rounded-lg bg-slate-50 text-xs">
      {fields.map((field) => (
        <div key={field} className="grid gap-1 px-3 py-2 sm:grid-cols-[8rem_1fr_1fr] sm:gap-3">
          <dt className="font-medium text-slate-600">{field}</dt>
          <dd className="break-words text-slate-500">
            <span className="sr-only">before: </span>
            <del className="no-underline">{show(before[field])}</del>
          </dd>
          <dd className="break-words text-slate-900">
            <span className="sr-only">after: </span>
            <span aria-hidden="true" className="text-slate-400 sm:hidden">
              →{' '}
            </span>
            {show(after[field])}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The audit log's entries as cards (they read on a phone as on a desktop). */
export function AuditList({ entries }: { entries: AuditEntryDTO[] }) {
  if (!entries.length) return <p className="rounded-2xl bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">No entries.</p>;
  return (
    <ol className="space-y-3" aria-label="Audit entries">
      {entries.map((entry) => {
        const href = targetHref(entry);
        return (
          <li key={entry._id} data-action={entry.action} className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <p className="font-semibold text-slate-900">
                {ACTION_LABELS[entry.action]}:{' '}
                {href ? (
                  <Link href={href} className="break-words text-brand-700 hover:underline">
                    {entry.target.label}
                  </Link>
                ) : (
                  <span className="break-words">{entry.target.label}</span>
                )}
              </p>
              <p className="text-sm text-slate-500">
                <LocalTime iso={entry.at} />
              </p>
            </div>
            <p className="text-sm text-slate-600">
              by <span className="break-all">{entry.actor.email}</span>
            </p>
            <Changes entry={entry} />
          </li>
        );
      })}
    </ol>
  );
}
