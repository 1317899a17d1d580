import { requireViewer } from '@/lib/auth/viewer';

export const metadata = { title: 'My Orders' };

export default async function MyOrdersPage() {
  await requireViewer('/dashboard');
  return (
    <div className="rounded-2xl bg-white p-8 text-center ring-1 ring-slate-200">
      <h2 className="text-xl font-semibold text-slate-900">My Orders</h2>
      <p className="mt-2 text-slate-600">You have no orders yet.</p>
    </div>
  );
}
