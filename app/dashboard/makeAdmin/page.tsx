import { AdminDenied } from '@/components/dashboard/admin-denied';
import { getAdminViewer } from '@/lib/auth/viewer';

export const metadata = { title: 'Make Admin' };

export default async function Page() {
  const admin = await getAdminViewer('/dashboard/makeAdmin');
  if (!admin) return <AdminDenied />;
  return <h2 className="text-xl font-semibold text-slate-900">Make Admin</h2>;
}
