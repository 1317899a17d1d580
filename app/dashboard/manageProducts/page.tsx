import Link from 'next/link';
import { DeleteButton } from '@/components/admin/delete-button';
import { AdminDenied } from '@/components/dashboard/admin-denied';
import { PartCard } from '@/components/parts/part-card';
import { buttonClass } from '@/components/ui/button';
import { CardGrid } from '@/components/ui/card-grid';
import { Pager, pageParam } from '@/components/ui/pager';
import { getAdminViewer } from '@/lib/auth/viewer';
import { catalogQuery, getCachedParts } from '@/lib/catalog';
import { countOpenOrders } from '@/lib/catalog/parts';
import { searchCatalog } from '@/lib/catalog/search';
import { encodeCursor } from '@/lib/validations/search';

const PAGE_SIZE = 60;

export const metadata = { title: 'Manage Products' };

export default async function ManageProductsPage({ searchParams }: { searchParams: Promise<{ page?: string }> }) {
  if (!(await getAdminViewer('/dashboard/manageProducts'))) return <AdminDenied />;
  const pageNumber = pageParam((await searchParams).page);
  // Read from the search index: at 100,000 parts the database cannot sort a page quickly.
  const result = await searchCatalog(
    catalogQuery({ sort: 'newest', limit: String(PAGE_SIZE), cursor: encodeCursor((pageNumber - 1) * PAGE_SIZE) }),
  );
  const parts = await getCachedParts(result.ids);
  const openOrders = await countOpenOrders(parts.map((part) => part._id));
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-slate-900">Manage Products</h2>
        <Link href="/dashboard/addProduct" className={buttonClass('primary')}>
          Add Product
        </Link>
      </div>
      <CardGrid empty="No products yet.">
        {parts.map((part) => (
          <PartCard
            key={part._id}
            part={part}
            actions={
              <div className="mt-1 flex gap-2">
                <Link
                  href={`/dashboard/manageProducts/${part._id}`}
                  className={buttonClass('dark', 'flex-1')}
                  aria-label={`Edit ${part.name}`}
                >
                  Edit
                </Link>
                <DeleteButton
                  url={`/api/parts/${part._id}`}
                  label="Delete"
                  itemName={part.name}
                  doneText="Product has been Deleted."
                  note={openOrdersNote(openOrders.get(part._id) ?? 0)}
                />
              </div>
            }
          />
        ))}
      </CardGrid>
      <Pager page={pageNumber} total={result.total} limit={PAGE_SIZE} href={(n) => `/dashboard/manageProducts?page=${n}`} />
    </div>
  );
}

/** What the delete dialog adds for a part with unpaid orders: it will be archived, and those orders can no longer be paid. */
function openOrdersNote(count: number): string | undefined {
  if (!count) return undefined;
  return `It has ${count} unpaid order${count === 1 ? '' : 's'}: the part will be archived, and ${count === 1 ? 'that order' : 'those orders'} can be cancelled but no longer paid.`;
}
