import Link from 'next/link';
import type { ReactNode } from 'react';
import { RevenueChart } from '@/components/dashboard/revenue-chart';
import type { Actor } from '@/lib/auth';
import { formatPrice } from '@/lib/core/money';
import { getAdminOverview, REVENUE_DAYS } from '@/lib/orders';

function Stat({ label, value, href, note }: { label: string; value: ReactNode; href: string; note: string }) {
  return (
    <Link href={href} className="block rounded-2xl bg-white p-5 ring-1 ring-slate-200 hover:ring-brand-500">
      <p className="text-sm font-medium text-slate-500">{label}</p>
      <p className="mt-1 text-3xl font-bold text-slate-900 tabular-nums">{value}</p>
      <p className="mt-1 text-xs text-slate-500">{note}</p>
    </Link>
  );
}

/** The admin's landing: what needs doing (orders to ship, stale unpaid orders, low stock) and recent revenue. */
export async function AdminOverview({ admin }: { admin: Actor }) {
  const overview = await getAdminOverview(admin);
  return (
    <div className="space-y-6">
      <h2 className="text-xl font-semibold text-slate-900">Overview</h2>
      <div className="grid gap-4 sm:grid-cols-3">
        <Stat
          label="Orders to ship"
          value={overview.toShip}
          href="/dashboard/manageOrders?status=to-ship"
          note="Paid and waiting for shipping"
        />
        <Stat
          label="Unpaid over a day"
          value={overview.unpaidOverADay}
          href="/dashboard/manageOrders?status=unpaid"
          note="Placed more than 24 hours ago"
        />
        <Stat
          label={`Revenue, ${REVENUE_DAYS} days`}
          value={formatPrice(overview.revenueCents / 100)}
          href="/dashboard/manageOrders"
          note="Paid orders"
        />
      </div>
      <section aria-labelledby="revenue-heading" className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
        <h3 id="revenue-heading" className="mb-3 font-semibold text-slate-900">
          Revenue, last {REVENUE_DAYS} days
        </h3>
        <RevenueChart days={overview.revenue} totalCents={overview.revenueCents} />
      </section>
      <section aria-labelledby="low-stock-heading" className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
        <h3 id="low-stock-heading" className="font-semibold text-slate-900">
          Low stock ({overview.lowStockCount})
        </h3>
        <p className="mb-3 text-sm text-slate-500">Parts with no more pieces than their minimum order.</p>
        {overview.lowStock.length ? (
          <ul className="divide-y divide-slate-100">
            {overview.lowStock.map((part) => (
              <li key={part._id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <Link
                  href={`/dashboard/manageProducts/${part._id}`}
                  className="min-w-0 font-medium break-words text-brand-700 hover:underline"
                >
                  {part.name}
                </Link>
                <span className="text-sm text-slate-600 tabular-nums">
                  {part.availableQuantity} in stock · minimum {part.minimumQuantity}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">Every part has more than its minimum order in stock.</p>
        )}
      </section>
    </div>
  );
}
