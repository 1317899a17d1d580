import Link from 'next/link';
import { discountText, DiscountStatusBadge } from '@/components/checkout-admin/discount-summary';
import { PauseCodeButton } from '@/components/checkout-admin/pause-code-button';
import { AdminDenied } from '@/components/dashboard/admin-denied';
import { listHref } from '@/components/dashboard/list-pager';
import { DataTable } from '@/components/ui/data-table';
import { LocalTime } from '@/components/ui/local-time';
import { Pager, pageParam } from '@/components/ui/pager';
import { getAdminViewer } from '@/lib/auth';
import { getDiscountCode, listRedemptions } from '@/lib/checkout';
import { formatPrice } from '@/lib/core/money';
import { orNotFound } from '@/lib/core/not-found';

export const metadata = { title: 'Discount Code' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** One code: what it gives, its status, and the orders that used it. */
export default async function DiscountCodePage({
  params,
  searchParams,
}: {
  params: Promise<{ code: string }>;
  searchParams: SearchParams;
}) {
  const { code: raw } = await params;
  const base = `/dashboard/discountCodes/${raw}`;
  const admin = await getAdminViewer(base);
  if (!admin) return <AdminDenied />;
  const code = await orNotFound(getDiscountCode(admin, raw));
  const page = await listRedemptions(admin, code.code, { page: pageParam(first((await searchParams).page)), limit: 50 });
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="flex flex-wrap items-center gap-2 text-xl font-semibold text-slate-900">
          <span className="font-mono break-all">{code.code}</span>
          <DiscountStatusBadge status={code.status} />
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          <Link href="/dashboard/discountCodes" className="text-sm font-semibold text-brand-700 hover:underline">
            Back to Discount Codes
          </Link>
          <PauseCodeButton code={code.code} paused={Boolean(code.pausedAt)} />
        </div>
      </div>
      <p className="text-sm break-words text-slate-700">{discountText(code)}</p>
      <h3 className="text-lg font-semibold text-slate-900">Redemptions</h3>
      <p className="text-sm text-slate-500" aria-live="polite">
        {page.total} {page.total === 1 ? 'use' : 'uses'}
        {code.maxUses !== null && ` of ${code.maxUses}`}
      </p>
      <DataTable columns={[{ label: 'Order' }, { label: 'Email' }, { label: 'Discount', align: 'right' }, { label: 'When' }]}>
        {page.items.map((redemption) => (
          <tr key={redemption.orderId}>
            <td className="px-3 py-3 sm:px-4">
              <Link href={`/dashboard/orders/${redemption.orderId}`} className="text-brand-700 hover:underline">
                {redemption.orderNumber ?? redemption.orderId}
              </Link>
            </td>
            <td className="px-3 py-3 break-all sm:px-4">{redemption.email}</td>
            <td className="px-3 py-3 text-right tabular-nums sm:px-4">{formatPrice(redemption.amount)}</td>
            <td className="px-3 py-3 sm:px-4">
              <LocalTime iso={redemption.at} />
            </td>
          </tr>
        ))}
      </DataTable>
      <Pager page={page.page} total={page.total} limit={page.limit} href={(n) => listHref(base, {}, n)} />
    </div>
  );
}
