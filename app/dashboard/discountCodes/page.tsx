import Link from 'next/link';
import { DiscountCodeForm } from '@/components/checkout-admin/discount-code-form';
import { discountText, DiscountStatusBadge } from '@/components/checkout-admin/discount-summary';
import { PauseCodeButton } from '@/components/checkout-admin/pause-code-button';
import { AdminDenied } from '@/components/dashboard/admin-denied';
import { LocalTime } from '@/components/ui/local-time';
import { getAdminViewer } from '@/lib/auth';
import { listDiscountCodes } from '@/lib/checkout';

export const metadata = { title: 'Discount Codes' };

/** The codes, newest first, with their uses and status; a form creates one. */
export default async function DiscountCodesPage() {
  const admin = await getAdminViewer('/dashboard/discountCodes');
  if (!admin) return <AdminDenied />;
  const codes = await listDiscountCodes(admin);
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold text-slate-900">Discount Codes</h2>
      <DiscountCodeForm />
      {codes.length === 0 && <p className="rounded-2xl bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">No codes yet.</p>}
      <ul className="space-y-3" aria-label="Discount codes">
        {codes.map((code) => (
          <li key={code._id} data-code={code.code} className="space-y-2 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="flex flex-wrap items-center gap-2">
                <Link
                  href={`/dashboard/discountCodes/${encodeURIComponent(code.code)}`}
                  className="font-mono font-semibold break-all text-brand-700 hover:underline"
                >
                  {code.code}
                </Link>
                <DiscountStatusBadge status={code.status} />
              </p>
              <PauseCodeButton code={code.code} paused={Boolean(code.pausedAt)} />
            </div>
            <p className="text-sm break-words text-slate-700">{discountText(code)}</p>
            <p className="text-sm text-slate-500">
              {code.uses} {code.uses === 1 ? 'use' : 'uses'}
              {code.maxUses !== null && ` of ${code.maxUses}`}
              {code.startsAt && (
                <>
                  {' · from '}
                  <LocalTime iso={code.startsAt} />
                </>
              )}
              {code.endsAt && (
                <>
                  {' · until '}
                  <LocalTime iso={code.endsAt} />
                </>
              )}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
