import { ACTION_LABELS, AuditList } from '@/components/audit/audit-list';
import { AdminDenied } from '@/components/dashboard/admin-denied';
import { listHref } from '@/components/dashboard/list-pager';
import { buttonClass } from '@/components/ui/button';
import { Pager, pageParam } from '@/components/ui/pager';
import { AUDIT_ACTIONS, listAudit, listAuditAdmins, type AuditAction } from '@/lib/audit';
import { getAdminViewer } from '@/lib/auth';

export const metadata = { title: 'Audit Log' };

const BASE = '/dashboard/audit';
const PAGE_SIZE = 30;
const selectClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Every admin change, newest first, filtered by kind and by admin. Read-only: the shop never edits the log. */
export default async function AuditPage({ searchParams }: { searchParams: SearchParams }) {
  const admin = await getAdminViewer(BASE);
  if (!admin) return <AdminDenied />;
  const params = await searchParams;
  const rawAction = first(params.action);
  const action = AUDIT_ACTIONS.find((known) => known === rawAction) as AuditAction | undefined;
  const adminEmail = (first(params.admin) ?? '').trim().toLowerCase().slice(0, 254) || undefined;
  const [page, admins] = await Promise.all([
    listAudit(admin, { action, adminEmail, page: pageParam(first(params.page)), limit: PAGE_SIZE }),
    listAuditAdmins(admin),
  ]);
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold text-slate-900">Audit Log</h2>
      <form method="get" action={BASE} aria-label="Filter the audit log" className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <div className="space-y-1">
          <label htmlFor="audit-action" className="block text-sm font-medium text-slate-700">
            Kind
          </label>
          <select id="audit-action" name="action" defaultValue={action ?? ''} className={selectClass}>
            <option value="">All kinds</option>
            {AUDIT_ACTIONS.map((known) => (
              <option key={known} value={known}>
                {ACTION_LABELS[known]}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor="audit-admin" className="block text-sm font-medium text-slate-700">
            Admin
          </label>
          <select id="audit-admin" name="admin" defaultValue={adminEmail ?? ''} className={selectClass}>
            <option value="">All admins</option>
            {[...new Set([...admins, ...(adminEmail ? [adminEmail] : [])])].map((email) => (
              <option key={email} value={email}>
                {email}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClass('dark')}>
          Filter
        </button>
      </form>
      <p className="text-sm text-slate-500" aria-live="polite">
        {page.total} {page.total === 1 ? 'entry' : 'entries'}
      </p>
      <AuditList entries={page.items} />
      <Pager page={page.page} total={page.total} limit={page.limit} href={(n) => listHref(BASE, { action, admin: adminEmail }, n)} />
    </div>
  );
}
