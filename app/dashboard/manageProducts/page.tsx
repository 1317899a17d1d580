import { AdminDenied } from '@/components/dashboard/admin-denied';
import { getAdminViewer } from '@/lib/auth/viewer';

export const metadata = { title: 'Manage Products' };

export default async function Page() {
  const admin = await getAdminViewer('/dashboard/manageProducts');
  if (!admin) return <AdminDenied />;
  return <h2 className="text-xl font-semibold text-slate-900">Manage Products</h2>;
}
