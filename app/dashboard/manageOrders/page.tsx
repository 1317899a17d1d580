import { AdminDenied } from '@/components/dashboard/admin-denied';
import { OrdersTable } from '@/components/orders/orders-table';
import { getAdminViewer } from '@/lib/auth/viewer';
import { listAllOrders } from '@/lib/orders';

export const metadata = { title: 'Manage Orders' };

export default async function ManageOrdersPage() {
  const admin = await getAdminViewer('/dashboard/manageOrders');
  if (!admin) return <AdminDenied />;
  const { items } = await listAllOrders(admin, { limit: 100 });
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold text-slate-900">Manage Orders</h2>
      <OrdersTable mode="admin" initialOrders={items} email={admin.email} />
    </div>
  );
}
