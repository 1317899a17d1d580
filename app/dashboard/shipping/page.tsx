import Link from 'next/link';
import { DeleteRecordButton } from '@/components/checkout-admin/delete-record-button';
import { ShippingCoverage } from '@/components/checkout-admin/shipping-coverage';
import { AdminDenied } from '@/components/dashboard/admin-denied';
import { Badge } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { getAdminViewer } from '@/lib/auth';
import { getShippingCoverage, listShippingZones, type ShippingMethodDTO } from '@/lib/checkout';
import { formatPrice } from '@/lib/core/money';

export const metadata = { title: 'Shipping' };

/** "up to 2 kg $12.00 · above $30.00" */
function bandsText(method: ShippingMethodDTO): string {
  return method.bands
    .map((band) => (band.upToKg === null ? `any weight ${formatPrice(band.price)}` : `up to ${band.upToKg} kg ${formatPrice(band.price)}`))
    .join(' · ');
}

/** The shipping zones, each with its methods, bands, free-shipping threshold and delivery times. */
export default async function ShippingPage() {
  const admin = await getAdminViewer('/dashboard/shipping');
  if (!admin) return <AdminDenied />;
  const [zones, gaps] = await Promise.all([listShippingZones(admin), getShippingCoverage(admin)]);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-slate-900">Shipping</h2>
        <Link href="/dashboard/shipping/new" className={buttonClass('dark')}>
          Add zone
        </Link>
      </div>
      <p className="text-sm text-slate-600">
        An address takes the first zone that names its postcode prefix, else the first that names its country (lower position first), else
        the rest of the world (*). Set your own rates: the defaults only keep the shop&apos;s published promises.
      </p>
      <ShippingCoverage gaps={gaps} />
      {zones.length === 0 && (
        <p className="rounded-2xl bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">No zones: nothing ships.</p>
      )}
      <ul className="space-y-3" aria-label="Shipping zones">
        {zones.map((zone) => (
          <li key={zone._id} className="space-y-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="font-semibold break-words text-slate-900">{zone.name}</h3>
              <div className="flex flex-wrap gap-2">
                <Link
                  href={`/dashboard/shipping/${zone._id}`}
                  className={buttonClass('outline', undefined, 'sm')}
                  aria-label={`Edit ${zone.name}`}
                >
                  Edit
                </Link>
                <DeleteRecordButton
                  url={`/api/admin/shipping-zones/${zone._id}`}
                  name={zone.name}
                  what="zone"
                  doneText="Shipping zone deleted"
                />
              </div>
            </div>
            <p className="text-sm break-words text-slate-600">
              {zone.countries.includes('*') ? 'Rest of the world' : zone.countries.join(', ')}
              {zone.postcodePrefixes.length > 0 && ` · postcodes ${zone.postcodePrefixes.join(', ')}`} · position {zone.position}
            </p>
            <ul className="space-y-2 text-sm">
              {zone.methods.map((method) => (
                <li key={method.id} className="rounded-lg bg-slate-50 p-3">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                    {method.label}
                    {!method.active && <Badge tone="amber">Off</Badge>}
                    <span className="font-normal text-slate-600">
                      {method.minDays === method.maxDays ? method.minDays : `${method.minDays}-${method.maxDays}`} working days
                    </span>
                  </p>
                  <p className="break-words text-slate-600">{bandsText(method)}</p>
                  <p className="text-slate-600">{method.freeOver === null ? 'Never free' : `Free from ${formatPrice(method.freeOver)}`}</p>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </div>
  );
}
