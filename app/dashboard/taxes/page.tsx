import Link from 'next/link';
import { DeleteRecordButton } from '@/components/checkout-admin/delete-record-button';
import { TaxRateForm } from '@/components/checkout-admin/tax-rate-form';
import { AdminDenied } from '@/components/dashboard/admin-denied';
import { Badge } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { getAdminViewer } from '@/lib/auth';
import { listTaxRates } from '@/lib/checkout';

export const metadata = { title: 'Taxes' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The tax table: a rate per country, or per region where it differs; `?edit={id}` puts a rate in the form. */
export default async function TaxesPage({ searchParams }: { searchParams: SearchParams }) {
  const admin = await getAdminViewer('/dashboard/taxes');
  if (!admin) return <AdminDenied />;
  const { edit } = await searchParams;
  const rates = await listTaxRates(admin);
  const editing = rates.find((rate) => rate._id === edit);
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold text-slate-900">Taxes</h2>
      <p className="text-sm text-slate-600">
        A region&apos;s rate replaces its country&apos;s; a country without a rate is not taxed. Set the rates that apply to your business.
      </p>
      <TaxRateForm key={editing?._id ?? 'new'} rate={editing} />
      <DataTable columns={[{ label: 'Where' }, { label: 'Rate', align: 'right' }, { label: 'Shipping' }, { label: '' }]}>
        {rates.map((rate) => {
          const where = rate.region ? `${rate.country} ${rate.region}` : rate.country;
          return (
            <tr key={rate._id} data-rate={where}>
              <td className="px-3 py-3 sm:px-4">
                <div className="font-medium text-slate-900">{where}</div>
                <div className="text-xs text-slate-500">{rate.label}</div>
              </td>
              <td className="px-3 py-3 text-right tabular-nums sm:px-4">{rate.rate}%</td>
              <td className="px-3 py-3 sm:px-4">{rate.taxShipping ? <Badge tone="blue">Taxed</Badge> : <Badge>Not taxed</Badge>}</td>
              <td className="px-3 py-3 sm:px-4">
                <div className="flex flex-wrap gap-2">
                  <Link
                    href={`/dashboard/taxes?edit=${rate._id}`}
                    className={buttonClass('outline', undefined, 'sm')}
                    aria-label={`Edit ${where}`}
                  >
                    Edit
                  </Link>
                  <DeleteRecordButton url={`/api/admin/tax-rates/${rate._id}`} name={where} what="tax rate" doneText="Tax rate deleted" />
                </div>
              </td>
            </tr>
          );
        })}
      </DataTable>
    </div>
  );
}
