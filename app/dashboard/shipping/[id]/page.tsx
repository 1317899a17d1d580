import Link from 'next/link';
import { DeleteRecordButton } from '@/components/checkout-admin/delete-record-button';
import { ZoneForm } from '@/components/checkout-admin/zone-form';
import { AdminDenied } from '@/components/dashboard/admin-denied';
import { getAdminViewer } from '@/lib/auth';
import { getShippingZone } from '@/lib/checkout';
import { orNotFound } from '@/lib/core/not-found';

export const metadata = { title: 'Edit Shipping Zone' };

export default async function EditZonePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const admin = await getAdminViewer(`/dashboard/shipping/${id}`);
  if (!admin) return <AdminDenied />;
  const zone = await orNotFound(getShippingZone(admin, id));
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold break-words text-slate-900">Edit {zone.name}</h2>
        <div className="flex flex-wrap items-center gap-3">
          <Link href="/dashboard/shipping" className="text-sm font-semibold text-brand-700 hover:underline">
            Back to Shipping
          </Link>
          <DeleteRecordButton
            url={`/api/admin/shipping-zones/${zone._id}`}
            name={zone.name}
            what="zone"
            doneText="Shipping zone deleted"
            then="/dashboard/shipping"
          />
        </div>
      </div>
      {/* Keyed by the last change, so the form starts from the stored zone after each save. */}
      <ZoneForm key={zone.updatedAt} zone={zone} />
    </div>
  );
}
