import { AdminDenied } from '@/components/dashboard/admin-denied';
import { getAdminViewer } from '@/lib/auth/viewer';

export const metadata = { title: 'Manage Orders' };

export default async function Page() {
  const admin = await getAdminViewer('/dashboard/manageOrders');
  if (!admin) return <AdminDenied />;
  return <h2 className="text-xl font-semibold text-slate-900">Manage Orders</h2>;
}
