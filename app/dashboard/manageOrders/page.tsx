import Link from 'next/link';
import { AdminDenied } from '@/components/dashboard/admin-denied';
import { ListCount, SearchForm, listHref } from '@/components/dashboard/list-pager';
import { OrdersTable } from '@/components/orders/orders-table';
import { Pager, pageParam } from '@/components/ui/pager';
import { getAdminViewer } from '@/lib/auth';
import { listAllOrders } from '@/lib/orders';
import type { OrderListStatus } from '@/lib/orders';
import { cn } from '@/lib/core/utils';

export const metadata = { title: 'Manage Orders' };

const BASE = '/dashboard/manageOrders';
const PAGE_SIZE = 20;
const FILTERS: Array<{ status?: OrderListStatus; label: string }> = [
  { label: 'All' },
  { status: 'to-ship', label: 'To ship' },
  { status: 'unpaid', label: 'Unpaid' },
  { status: 'shipped', label: 'Shipped' },
  { status: 'delivered', label: 'Delivered' },
  { status: 'cancelled', label: 'Cancelled' },
];

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Every order for the admins' daily work: filters, search by number or email, and pages, all in the URL. */
export default async function ManageOrdersPage({ searchParams }: { searchParams: SearchParams }) {
  const admin = await getAdminViewer(BASE);
  if (!admin) return <AdminDenied />;
  const params = await searchParams;
  const status = FILTERS.find((filter) => filter.status && filter.status === first(params.status))?.status;
  const q = (first(params.q) ?? '').trim().slice(0, 100);
  const result = await listAllOrders(admin, { status, q: q || undefined, page: pageParam(first(params.page)), limit: PAGE_SIZE });
  const filterLabel = FILTERS.find((filter) => filter.status === status)?.label ?? 'All';
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold text-slate-900">Manage Orders</h2>
      <nav aria-label="Order filters">
        <ul className="flex flex-wrap gap-2">
          {FILTERS.map((filter) => {
            const active = filter.status === status;
            return (
              <li key={filter.label}>
                <Link
                  href={listHref(BASE, { status: filter.status, q })}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'block rounded-full px-3 py-1.5 text-sm font-medium',
                    active ? 'bg-ink text-white' : 'bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-100',
                  )}
                >
                  {filter.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <SearchForm basePath={BASE} label="Search orders" placeholder="Order number or customer email" value={q} keep={{ status }} />
      <ListCount total={result.total} one="order" many="orders" basePath={BASE} filtered={Boolean(q || status)}>
        {status ? ` (${filterLabel.toLowerCase()})` : ''}
        {q ? ` matching “${q}”` : ''}
      </ListCount>
      <OrdersTable mode="admin" orders={result.items} empty={q || status ? 'No orders match.' : undefined} />
      <Pager page={result.page} total={result.total} limit={result.limit} href={(n) => listHref(BASE, { status, q }, n)} />
    </div>
  );
}
