import Link from 'next/link';
import { LocalTime } from '@/components/ui/local-time';
import type { AuditAction, AuditEntryDTO } from '@/lib/audit';

export const ACTION_LABELS: Record<AuditAction, string> = {
  'part.create': 'Product created',
  'part.update': 'Product edited',
  'part.archive': 'Product archived',
  'part.delete': 'Product deleted',
  'stock.restock': 'Restock',
  'stock.correction': 'Stock correction',
  'order.ship': 'Order shipped',
  'order.deliver': 'Order delivered',
  'order.cancel': 'Order cancelled',
  'return.approve': 'Return approved',
  'return.reject': 'Return rejected',
  'return.receive': 'Return received',
  'return.refund': 'Return refunded',
  'fitment-review.resolve': 'Fitment review resolved',
  'role.grant': 'Admin role granted',
  'role.revoke': 'Admin role revoked',
  'review.remove': 'Review removed',
  'shipping.create': 'Shipping zone created',
  'shipping.update': 'Shipping zone edited',
  'shipping.delete': 'Shipping zone deleted',
  'tax.create': 'Tax rate created',
  'tax.update': 'Tax rate edited',
  'tax.delete': 'Tax rate deleted',
  'discount.create': 'Discount code created',
  'discount.pause': 'Discount code paused',
  'discount.resume': 'Discount code resumed',
  'settings.update': 'Shop settings changed',
  'import-mappings.update': 'Import mappings changed',
  'profile.update': "Customer's profile edited",
  'kit.create': 'Job kit created',
  'kit.update': 'Job kit edited',
  'kit.delete': 'Job kit deleted',
  'vehicle.create': 'Vehicle added',
  'vehicle.update': 'Vehicle edited',
  'import.start': 'Import started',
  'import.apply': 'Import applied',
  'import.cancel': 'Import cancelled',
};

const cut = (text: string) => (text.length > 160 ? `${text.slice(0, 160)}…` : text);

/** `availableQuantity` reads "Available quantity". */
export function fieldLabel(field: string): string {
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A value as words, not JSON: lists joined, a fitment row as its vehicle, other objects as "field: value". */
export function readable(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return cut(value);
  if (typeof value === 'number' || typeof value === 'boolean') return typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value);
  if (Array.isArray(value)) return value.length ? cut(value.map(readable).join('; ')) : 'none';
  if (typeof value === 'object') {
    const row = value as Record<string, unknown>;
    if (typeof row.make === 'string' && typeof row.model === 'string' && typeof row.yearFrom === 'number') {
      const years = row.yearFrom === row.yearTo ? `${row.yearFrom}` : `${row.yearFrom}–${row.yearTo}`;
      const extra = [row.engine, row.notes].filter((part) => typeof part === 'string' && part).join(', ');
      return `${row.make} ${row.model} ${years}${extra ? ` (${extra})` : ''}`;
    }
    return cut(
      Object.entries(row)
        .map(([key, part]) => `${fieldLabel(key)}: ${readable(part)}`)
        .join(', '),
    );
  }
  return cut(String(value));
}

/** Where an entry's target lives in the dashboard, when it still has a page. */
function targetHref(entry: AuditEntryDTO): string | null {
  if (entry.target.kind === 'order') return `/dashboard/orders/${entry.target.id}`;
  if (entry.target.kind === 'part' && entry.action !== 'part.delete') return `/dashboard/manageProducts/${entry.target.id}`;
  if (entry.target.kind === 'shipping-zone' && entry.action !== 'shipping.delete') return `/dashboard/shipping/${entry.target.id}`;
  if (entry.target.kind === 'discount-code') return `/dashboard/discountCodes/${encodeURIComponent(entry.target.id)}`;
  if (entry.target.kind === 'tax-rate') return '/dashboard/taxes';
  if (entry.action === 'import-mappings.update') return '/dashboard/importMappings';
  if (entry.target.kind === 'settings') return '/dashboard/settings';
  if (entry.target.kind === 'job-kit') return '/dashboard/kits';
  if (entry.target.kind === 'fitment-review') return '/dashboard/fitment-reviews?state=resolved';
  if (entry.target.kind === 'import') return `/dashboard/imports?id=${entry.target.id}`;
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
    <div className="mt-3 rounded-lg bg-slate-50 text-xs">
      <p
        aria-hidden="true"
        className="hidden grid-cols-[8rem_minmax(0,1fr)_minmax(0,1fr)] gap-3 px-3 pt-2 font-semibold text-slate-500 sm:grid"
      >
        <span>Field</span>
        <span>Before</span>
        <span>After</span>
      </p>
      <dl className="divide-y divide-slate-100">
        {fields.map((field) => (
          <div key={field} className="grid min-w-0 gap-1 px-3 py-2 sm:grid-cols-[8rem_minmax(0,1fr)_minmax(0,1fr)] sm:gap-3">
            <dt className="font-medium text-slate-700">{fieldLabel(field)}</dt>
            <dd className="min-w-0 text-slate-500 [overflow-wrap:anywhere]">
              <span className="font-medium sm:sr-only">Before: </span>
              <del className="no-underline">{readable(before[field])}</del>
            </dd>
            <dd className="min-w-0 text-slate-900 [overflow-wrap:anywhere]">
              <span className="font-medium sm:sr-only">After: </span>
              {readable(after[field])}
            </dd>
          </div>
        ))}
      </dl>
    </div>
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
