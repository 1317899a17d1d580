import Link from 'next/link';
import { DeleteRecordButton } from '@/components/checkout-admin/delete-record-button';
import { AdminDenied } from '@/components/dashboard/admin-denied';
import { KitForm } from '@/components/kits/kit-form';
import { buttonClass } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { getAdminViewer } from '@/lib/auth';
import { listKits, type KitLine } from '@/lib/kits';

export const metadata = { title: 'Job kits' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** "Front pads ×1 (front)". */
const lineText = (line: KitLine) =>
  `${line.label} ×${line.quantity}${line.perCylinder ? ' or per cylinder' : ''}${line.position ? ` (${line.position})` : ''}`;

/** The jobs the storefront proposes for a chosen vehicle; `?edit={id}` puts one in the form. */
export default async function KitsPage({ searchParams }: { searchParams: SearchParams }) {
  const admin = await getAdminViewer('/dashboard/kits');
  if (!admin) return <AdminDenied />;
  const { edit } = await searchParams;
  const kits = await listKits(admin);
  const editing = kits.find((kit) => kit._id === edit);
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold text-slate-900">Job kits</h2>
      <p className="text-sm text-slate-600">
        Each line takes a part of a PCdb part type, or for parts without one a category and a word of the part&apos;s name, at a position.
        With a vehicle chosen, the shop proposes the best-selling fitting part of each line, then the cheapest in stock.
      </p>
      <KitForm key={editing?._id ?? 'new'} kit={editing} />
      <DataTable columns={[{ label: 'Job' }, { label: 'Lines' }, { label: '' }]}>
        {kits.map((kit) => (
          <tr key={kit._id} data-kit={kit.name}>
            <td className="px-3 py-3 font-medium text-slate-900 sm:px-4">{kit.name}</td>
            <td className="px-3 py-3 text-sm text-slate-600 sm:px-4">{kit.lines.map(lineText).join(', ')}</td>
            <td className="px-3 py-3 sm:px-4">
              <div className="flex flex-wrap gap-2">
                <Link
                  href={`/dashboard/kits?edit=${kit._id}`}
                  className={buttonClass('outline', undefined, 'sm')}
                  aria-label={`Edit ${kit.name}`}
                >
                  Edit
                </Link>
                <DeleteRecordButton url={`/api/admin/kits/${kit._id}`} name={kit.name} what="job kit" doneText="Job kit deleted" />
              </div>
            </td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
