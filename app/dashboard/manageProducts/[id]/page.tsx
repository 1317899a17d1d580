import Link from 'next/link';
import { ProductForm } from '@/components/admin/product-form';
import { AdminDenied } from '@/components/dashboard/admin-denied';
import { DataTable, type Column } from '@/components/ui/data-table';
import { getAdminViewer } from '@/lib/auth';
import { orNotFound } from '@/lib/core/not-found';
import { getPart } from '@/lib/catalog';
import { getStockHistory } from '@/lib/stock';

export const metadata = { title: 'Edit Product' };

const REASONS = {
  seed: 'Opening stock',
  order: 'Order',
  cancel: 'Order cancelled',
  restock: 'Restock',
  edit: 'Correction',
  return: 'Returned',
} as const;
const HISTORY_COLUMNS: Column[] = [
  { label: 'When (UTC)' },
  { label: 'Change' },
  { label: 'Pieces', align: 'right' },
  { label: 'Stock after', align: 'right' },
  { label: 'By' },
];
const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

export default async function EditProductPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!(await getAdminViewer(`/dashboard/manageProducts/${id}`))) return <AdminDenied />;
  const part = await orNotFound(getPart(id));
  const history = await getStockHistory(id, 50);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-slate-900">Edit {part.name}</h2>
        <Link href="/dashboard/manageProducts" className="text-sm font-semibold text-brand-700 hover:underline">
          Back to Manage Products
        </Link>
      </div>
      {/* Keyed by stock level, so the form starts from the current numbers after each save. */}
      <ProductForm key={`${part.updatedAt}-${part.availableQuantity}`} part={part} />
      <section aria-labelledby="history-heading" className="space-y-3">
        <h3 id="history-heading" className="text-lg font-semibold text-slate-900">
          Stock history
        </h3>
        <DataTable columns={HISTORY_COLUMNS}>
          {history.map((move) => (
            <tr key={move.seq}>
              <td className="px-4 py-2 whitespace-nowrap text-slate-600">{when.format(new Date(move.at))}</td>
              <td className="px-4 py-2">{REASONS[move.reason]}</td>
              <td className={`px-4 py-2 text-right tabular-nums ${move.delta < 0 ? 'text-red-600' : 'text-emerald-700'}`}>
                {move.delta > 0 ? `+${move.delta}` : move.delta}
              </td>
              <td className="px-4 py-2 text-right font-semibold tabular-nums">{move.after}</td>
              <td className="px-4 py-2 text-slate-600">{move.by ?? 'system'}</td>
            </tr>
          ))}
        </DataTable>
      </section>
    </div>
  );
}
