import { OrdersTable } from '@/components/orders/orders-table';
import { requireViewer } from '@/lib/auth/viewer';
import { listOrdersOf } from '@/lib/orders';

export const metadata = { title: 'My Orders' };

export default async function MyOrdersPage() {
  const viewer = await requireViewer('/dashboard');
  const orders = await listOrdersOf(viewer, viewer.email);
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold text-slate-900">My Orders</h2>
      <OrdersTable mode="customer" initialOrders={orders} email={viewer.email} />
    </div>
  );
}
