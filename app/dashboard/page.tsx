import type { Metadata } from 'next';
import { AdminOverview } from '@/components/dashboard/admin-overview';
import { OrdersTable } from '@/components/orders/orders-table';
import { getViewer, requireViewer } from '@/lib/auth';
import { listOrdersOf } from '@/lib/orders';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getViewer())?.isAdmin ? 'Overview' : 'My Orders' };
}

/** The dashboard's landing: a customer's orders (the spec's My Orders), or the admin overview. */
export default async function DashboardHomePage() {
  const viewer = await requireViewer('/dashboard');
  // Admins buy nothing, so My Orders is not theirs: they land on what needs doing.
  if (viewer.isAdmin) return <AdminOverview admin={viewer} />;
  const orders = await listOrdersOf(viewer, viewer.email);
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold text-slate-900">My Orders</h2>
      <OrdersTable mode="customer" orders={orders} />
    </div>
  );
}
