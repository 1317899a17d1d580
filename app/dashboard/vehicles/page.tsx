import Link from 'next/link';
import { AdminDenied } from '@/components/dashboard/admin-denied';
import { listHref } from '@/components/dashboard/list-pager';
import { Badge } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { Pager, pageParam } from '@/components/ui/pager';
import { VehicleGenerationForm } from '@/components/vehicles/vehicle-generation-form';
import { getAdminViewer } from '@/lib/auth';
import { getVehicleGeneration, listVehicleGenerations } from '@/lib/vehicles';

export const metadata = { title: 'Vehicles' };

const BASE = '/dashboard/vehicles';
const PAGE_SIZE = 50;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The vehicle list the selector offers: each make's models over their years, with engines; `?edit={id}` puts one in the form. */
export default async function VehiclesPage({ searchParams }: { searchParams: SearchParams }) {
  const admin = await getAdminViewer(BASE);
  if (!admin) return <AdminDenied />;
  const params = await searchParams;
  const make = first(params.make)?.trim().slice(0, 40) || undefined;
  const edit = first(params.edit)?.slice(0, 120);
  const [page, editing] = await Promise.all([
    listVehicleGenerations(admin, { make, page: pageParam(first(params.page)), limit: PAGE_SIZE }),
    edit ? getVehicleGeneration(admin, edit) : null,
  ]);
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold text-slate-900">Vehicles</h2>
      <p className="text-sm text-slate-600">
        The makes, models, years and engines that customers choose from and that fitment rows name. A VCdb import rebuilds the models it
        brings.
      </p>
      <VehicleGenerationForm key={editing?.id ?? 'new'} generation={editing ?? undefined} />
      <form method="get" action={BASE} role="search" aria-label="Vehicles of a make" className="flex gap-2">
        <label className="min-w-0 flex-1">
          <span className="sr-only">Make</span>
          <input
            type="search"
            name="make"
            defaultValue={make}
            placeholder="Make"
            maxLength={40}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900"
          />
        </label>
        <button type="submit" className={buttonClass('outline', undefined, 'sm')}>
          Show
        </button>
      </form>
      <DataTable columns={[{ label: 'Vehicle' }, { label: 'Years' }, { label: 'Engines' }, { label: '' }]}>
        {page.items.map((generation) => {
          const name = `${generation.make} ${generation.model}`;
          return (
            <tr key={generation.id}>
              <td className="px-3 py-3 sm:px-4">
                <div className="font-medium text-slate-900">{name}</div>
                {generation.fromVcdb && <Badge tone="blue">VCdb</Badge>}
              </td>
              <td className="px-3 py-3 tabular-nums sm:px-4">
                {generation.yearFrom}–{generation.yearTo}
              </td>
              <td className="px-3 py-3 text-sm sm:px-4">
                {generation.engines.map((engine) => `${engine.name} (${engine.yearFrom}–${engine.yearTo})`).join(', ') || '—'}
              </td>
              <td className="px-3 py-3 sm:px-4">
                <Link
                  href={listHref(BASE, { make, edit: generation.id }, page.page)}
                  className={buttonClass('outline', undefined, 'sm')}
                  aria-label={`Edit ${name} ${generation.yearFrom}`}
                >
                  Edit
                </Link>
              </td>
            </tr>
          );
        })}
      </DataTable>
      <Pager page={page.page} total={page.total} limit={page.limit} href={(n) => listHref(BASE, { make }, n)} />
    </div>
  );
}
