import Link from 'next/link';
import { ZoneForm } from '@/components/checkout-admin/zone-form';
import { AdminDenied } from '@/components/dashboard/admin-denied';
import { getAdminViewer } from '@/lib/auth';

export const metadata = { title: 'Add Shipping Zone' };

export default async function NewZonePage() {
  if (!(await getAdminViewer('/dashboard/shipping/new'))) return <AdminDenied />;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-slate-900">Add shipping zone</h2>
        <Link href="/dashboard/shipping" className="text-sm font-semibold text-brand-700 hover:underline">
          Back to Shipping
        </Link>
      </div>
      <ZoneForm />
    </div>
  );
}
