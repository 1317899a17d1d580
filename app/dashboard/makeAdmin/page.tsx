import { MakeAdminButton } from '@/components/admin/make-admin-button';
import { AdminDenied } from '@/components/dashboard/admin-denied';
import { Badge } from '@/components/ui/badge';
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
      <div className="overflow-x-auto rounded-2xl bg-white ring-1 ring-slate-200">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wider text-slate-500">
            <tr>
              <th scope="col" className="px-4 py-3">
                #
              </th>
              <th scope="col" className="px-4 py-3">
                Email
              </th>
              <th scope="col" className="px-4 py-3">
                Role
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {page.items.map((user, index) => (
              <tr key={user._id}>
                <td className="px-4 py-3 text-slate-500">{offset + index + 1}</td>
                <td className="px-4 py-3 break-all text-slate-900">{user.email}</td>
                <td className="px-4 py-3">
                  {user.role === 'admin' ? <Badge tone="blue">Admin</Badge> : <MakeAdminButton email={user.email} />}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager basePath="/dashboard/makeAdmin" page={page.page} total={page.total} limit={page.limit} />
    </div>
  );
}
