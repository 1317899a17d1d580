import Link from 'next/link';
import { DeleteButton } from '@/components/admin/delete-button';
import { AdminDenied } from '@/components/dashboard/admin-denied';
import { PartCard } from '@/components/parts/part-card';
import { buttonClass } from '@/components/ui/button';
import { CardGrid } from '@/components/ui/card-grid';
import { Pager, pageParam } from '@/components/ui/pager';
import { getAdminViewer } from '@/lib/auth';
import { getCachedParts } from '@/lib/catalog';
import { countOpenOrders } from '@/lib/catalog';
import { searchCatalog } from '@/lib/catalog';
import { CATEGORIES } from '@/content/categories';
import { encodeCursor, searchQuerySchema } from '@/lib/validations/search';

const PAGE_SIZE = 60;

export const metadata = { title: 'Manage Products' };

type Filters = { q?: string; category?: string; stock?: string };
const STOCK_FILTERS = { in: { inStock: 'true' }, out: { outOfStock: 'true' } } as const;

/** The list's address with its filters (blank ones left out) and page. */
function listHref(filters: Filters, page = 1): string {
  const params = new URLSearchParams(Object.entries({ ...filters, page: page > 1 ? String(page) : '' }).filter(([, value]) => value));
  const query = params.toString();
  return `/dashboard/manageProducts${query ? `?${query}` : ''}`;
}

export default async function ManageProductsPage({
  searchParams,
}: {
  searchParams: Promise<{ page?: string; q?: string; category?: string; stock?: string }>;
}) {
  if (!(await getAdminViewer('/dashboard/manageProducts'))) return <AdminDenied />;
  const params = await searchParams;
  const pageNumber = pageParam(params.page);
  const filters: Filters = {
    q: typeof params.q === 'string' ? params.q.trim() : undefined,
    category: typeof params.category === 'string' ? params.category : undefined,
    stock: params.stock === 'in' || params.stock === 'out' ? params.stock : undefined,
  };
  // Read from the search index: at 100,000 parts the database cannot sort or search a page quickly.
  const parsed = searchQuerySchema.safeParse({
    q: filters.q || undefined,
    category: filters.category || undefined,
    ...(filters.stock ? STOCK_FILTERS[filters.stock as keyof typeof STOCK_FILTERS] : {}),
    sort: filters.q ? 'relevance' : 'newest',
    limit: String(PAGE_SIZE),
    cursor: encodeCursor((pageNumber - 1) * PAGE_SIZE),
  });
  const result = parsed.success ? await searchCatalog(parsed.data) : { ids: [], total: 0 };
  const parts = await getCachedParts(result.ids);
  const filtered = Boolean(filters.q || filters.category || filters.stock);
  const openOrders = await countOpenOrders(parts.map((part) => part._id));
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-slate-900">Manage Products</h2>
        <Link href="/dashboard/addProduct" className={buttonClass('primary')}>
          Add Product
        </Link>
      </div>
      <form
        method="get"
        action="/dashboard/manageProducts"
        role="search"
        aria-label="Find products"
        className="flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200"
      >
        <label className="flex min-w-0 flex-[2_1_14rem] flex-col text-sm font-medium text-slate-700">
          Name, part number or brand
          <input
            name="q"
            type="search"
            defaultValue={filters.q}
            maxLength={200}
            className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-slate-900"
          />
        </label>
        <label className="flex min-w-0 flex-[1_1_10rem] flex-col text-sm font-medium text-slate-700">
          Category
          <select
            name="category"
            defaultValue={filters.category ?? ''}
            className="mt-1 w-full rounded-md border border-slate-300 bg-white px-2 py-2 text-slate-900"
          >
            <option value="">All categories</option>
            {CATEGORIES.map((category) => (
              <option key={category.slug} value={category.slug}>
                {category.name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex min-w-0 flex-[1_1_8rem] flex-col text-sm font-medium text-slate-700">
          Stock
          <select
            name="stock"
            defaultValue={filters.stock ?? ''}
            className="mt-1 w-full rounded-md border border-slate-300 bg-white px-2 py-2 text-slate-900"
          >
            <option value="">Any stock</option>
            <option value="in">In stock</option>
            <option value="out">Out of stock</option>
          </select>
        </label>
        <button type="submit" className={buttonClass('dark')}>
          Find
        </button>
        {filtered && (
          <Link href="/dashboard/manageProducts" className="py-2 text-sm font-semibold text-brand-700 underline">
            Clear
          </Link>
        )}
      </form>
      {!parsed.success ? (
        <p role="alert" className="text-red-700">
          {parsed.error.issues[0]?.message ?? 'Check the filters'}
        </p>
      ) : (
        filtered && (
          <p className="text-sm text-slate-600" aria-live="polite">
            {result.total.toLocaleString('en-US')} {result.total === 1 ? 'product' : 'products'} found
          </p>
        )
      )}
      <CardGrid empty={filtered ? 'No products match these filters.' : 'No products yet.'}>
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
      <Pager page={pageNumber} total={result.total} limit={PAGE_SIZE} href={(n) => listHref(filters, n)} />
    </div>
  );
}

/** What the delete dialog adds for a part with unpaid orders: it will be archived, and those orders can no longer be paid. */
function openOrdersNote(count: number): string | undefined {
  if (!count) return undefined;
  return `It has ${count} unpaid order${count === 1 ? '' : 's'}: the part will be archived, and ${count === 1 ? 'that order' : 'those orders'} can be cancelled but no longer paid.`;
}
