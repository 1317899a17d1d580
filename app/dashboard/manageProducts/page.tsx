import Link from 'next/link';
import { DeleteButton } from '@/components/admin/delete-button';
import { AdminDenied } from '@/components/dashboard/admin-denied';
import { PartCard } from '@/components/parts/part-card';
import { buttonClass } from '@/components/ui/button';
import { CardGrid } from '@/components/ui/card-grid';
import { Pager, pageParam } from '@/components/ui/pager';
import { getAdminViewer } from '@/lib/auth/viewer';
import { listParts } from '@/lib/parts';

export const metadata = { title: 'Manage Products' };

export default async function ManageProductsPage({ searchParams }: { searchParams: Promise<{ page?: string }> }) {
  if (!(await getAdminViewer('/dashboard/manageProducts'))) return <AdminDenied />;
  const page = await listParts({ limit: 60, page: pageParam((await searchParams).page) });
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-slate-900">Manage Products</h2>
        <Link href="/dashboard/addProduct" className={buttonClass('primary')}>
          Add Product
        </Link>
      </div>
      <CardGrid empty="No products yet.">
        {page.items.map((part) => (
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
                <DeleteButton url={`/api/parts/${part._id}`} label="Delete" itemName={part.name} doneText="Product has been Deleted." />
              </div>
            }
          />
        ))}
      </CardGrid>
      <Pager basePath="/dashboard/manageProducts" page={page.page} total={page.total} limit={page.limit} />
    </div>
  );
}
