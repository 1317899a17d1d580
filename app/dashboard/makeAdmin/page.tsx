import { MakeAdminButton } from '@/components/admin/make-admin-button';
import { AdminDenied } from '@/components/dashboard/admin-denied';
import { Badge } from '@/components/ui/badge';
import { DataTable } from '@/components/ui/data-table';
import { Pager, pageParam } from '@/components/ui/pager';
import { getAdminViewer } from '@/lib/auth/viewer';
import { listUsers } from '@/lib/users';

export const metadata = { title: 'Make Admin' };

export default async function MakeAdminPage({ searchParams }: { searchParams: Promise<{ page?: string }> }) {
  if (!(await getAdminViewer('/dashboard/makeAdmin'))) return <AdminDenied />;
  const page = await listUsers({ limit: 100, page: pageParam((await searchParams).page) });
  const offset = (page.page - 1) * page.limit;
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold text-slate-900">Make Admin</h2>
      <DataTable columns={[{ label: '#' }, { label: 'Email' }, { label: 'Role' }]}>
        {page.items.map((user, index) => (
          <tr key={user._id}>
            <td className="px-4 py-3 text-slate-500">{offset + index + 1}</td>
            <td className="px-4 py-3 break-all text-slate-900">{user.email}</td>
            <td className="px-4 py-3">
              {user.role === 'admin' ? <Badge tone="blue">Admin</Badge> : <MakeAdminButton email={user.email} />}
            </td>
          </tr>
        ))}
      </DataTable>
      <Pager basePath="/dashboard/makeAdmin" page={page.page} total={page.total} limit={page.limit} />
    </div>
  );
}
