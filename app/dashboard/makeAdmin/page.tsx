import { MakeAdminButton } from '@/components/admin/make-admin-button';
import { RevokeAdminButton } from '@/components/admin/revoke-admin-button';
import { AdminDenied } from '@/components/dashboard/admin-denied';
import { SearchForm, listHref } from '@/components/dashboard/list-pager';
import { Badge } from '@/components/ui/badge';
import { DataTable } from '@/components/ui/data-table';
import { Pager, pageParam } from '@/components/ui/pager';
import { listUsers } from '@/lib/accounts';
import { getAdminViewer } from '@/lib/auth';

export const metadata = { title: 'Make Admin' };

const BASE = '/dashboard/makeAdmin';
const PAGE_SIZE = 100;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export default async function MakeAdminPage({ searchParams }: { searchParams: SearchParams }) {
  const admin = await getAdminViewer(BASE);
  if (!admin) return <AdminDenied />;
  const params = await searchParams;
  const q = (first(params.q) ?? '').trim().slice(0, 100);
  const page = await listUsers(admin, { q: q || undefined, limit: PAGE_SIZE, page: pageParam(first(params.page)) });
  const offset = (page.page - 1) * page.limit;
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold text-slate-900">Make Admin</h2>
      <SearchForm basePath={BASE} label="Search users" placeholder="Email or name" value={q} />
      <p className="text-sm text-slate-500" aria-live="polite">
        {page.total} {page.total === 1 ? 'user' : 'users'}
        {q ? ` matching “${q}”` : ''}
      </p>
      <DataTable columns={[{ label: '#' }, { label: 'Email' }, { label: 'Role' }]}>
        {page.items.map((user, index) => (
          <tr key={user._id}>
            <td className="px-3 py-3 text-slate-500 sm:px-4">{offset + index + 1}</td>
            <td className="px-3 py-3 sm:px-4">
              <div className="break-all text-slate-900">{user.email}</div>
              <div className="text-xs break-words text-slate-500">{user.name}</div>
            </td>
            <td className="px-3 py-3 sm:px-4">
              {user.role === 'admin' ? (
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone="blue">Admin</Badge>
                  {user._id === admin._id ? (
                    <span className="text-xs text-slate-500">(you)</span>
                  ) : (
                    <RevokeAdminButton email={user.email} />
                  )}
                </div>
              ) : (
                <MakeAdminButton email={user.email} />
              )}
            </td>
          </tr>
        ))}
      </DataTable>
      <Pager page={page.page} total={page.total} limit={page.limit} href={(n) => listHref(BASE, { q }, n)} />
    </div>
  );
}
