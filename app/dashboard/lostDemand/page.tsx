import type { ReactNode } from 'react';
import { AdminDenied } from '@/components/dashboard/admin-denied';
import { DataTable } from '@/components/ui/data-table';
import { LocalTime } from '@/components/ui/local-time';
import { getAdminViewer } from '@/lib/auth';
import { catalogHref, CATALOG_PATH } from '@/lib/catalog/url';
import { listLostDemand, type DemandRow } from '@/lib/catalog';
import { listWaitingAlerts, type WaitingAlertRow } from '@/lib/alerts';

export const metadata = { title: 'Lost Demand' };

const DAYS = 30;

/** What shoppers looked for and did not find, most frequent first: a list of parts to add. */
export default async function LostDemandPage() {
  const admin = await getAdminViewer('/dashboard/lostDemand');
  if (!admin) return <AdminDenied />;
  const [report, alerts] = await Promise.all([listLostDemand(admin, { days: DAYS }), listWaitingAlerts(admin)]);
  return (
    <div className="space-y-8">
      <div>
        <h2 className="text-xl font-semibold text-slate-900">Lost Demand</h2>
        <p className="mt-1 text-sm text-slate-600">What shoppers looked for in the last {DAYS} days and did not find.</p>
        <p className="mt-1 text-sm text-slate-600">
          Times counts each address once a day; Addresses is how many different addresses asked.
        </p>
      </div>
      <DemandTable
        title="Searches without results"
        firstColumn="Search"
        rows={report.searches}
        empty="No search came back empty."
        withVehicles
      />
      <DemandTable
        title="Vehicles no part fits"
        firstColumn="Vehicle"
        rows={report.vehicles}
        empty="Every vehicle chosen had parts that fit."
      />
      <AlertTable
        title="Alerts waiting per vehicle"
        firstColumn="Vehicle"
        rows={alerts.vehicles}
        empty="Nobody waits for a vehicle's first part."
      />
      <AlertTable title="Alerts waiting per part" firstColumn="Part" rows={alerts.parts} empty="Nobody waits for a part to be back." />
    </div>
  );
}

/** The "tell me when" alerts not yet sent: shoppers who left their email for it. */
function AlertTable(props: { title: string; firstColumn: string; rows: WaitingAlertRow[]; empty: string }) {
  return (
    <TableSection title={props.title} empty={props.rows.length === 0 ? props.empty : null}>
      <DataTable columns={[{ label: props.firstColumn }, { label: 'Waiting', align: 'right' as const }]}>
        {props.rows.map((row) => (
          <tr key={`${row.partId ?? ''}${row.label}`}>
            <td className="px-4 py-2 break-words text-slate-900">
              {row.partId ? (
                <a href={`/parts/${row.partId}`} className="font-medium text-brand-700 underline">
                  {row.label}
                </a>
              ) : (
                row.label
              )}
            </td>
            <td className="px-4 py-2 text-right tabular-nums">{row.count}</td>
          </tr>
        ))}
      </DataTable>
    </TableSection>
  );
}

/** A titled table of the page, or the sentence saying it is empty. */
function TableSection({ title, empty, children }: { title: string; empty: string | null; children: ReactNode }) {
  const id = title.toLowerCase().replace(/\W+/g, '-');
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h3 id={id} className="font-semibold text-slate-900">
        {title}
      </h3>
      {empty === null ? children : <p className="rounded-xl bg-white p-6 text-slate-600 ring-1 ring-slate-200">{empty}</p>}
    </section>
  );
}

function DemandTable(props: { title: string; firstColumn: string; rows: DemandRow[]; empty: string; withVehicles?: boolean }) {
  const columns = [
    { label: props.firstColumn },
    { label: 'Times', align: 'right' as const },
    { label: 'Addresses', align: 'right' as const },
    { label: 'Last' },
    ...(props.withVehicles ? [{ label: 'Vehicles' }] : []),
  ];
  return (
    <TableSection title={props.title} empty={props.rows.length === 0 ? props.empty : null}>
      <DataTable columns={columns}>
        {props.rows.map((row) => (
          <tr key={row.label}>
            <td className="px-4 py-2 break-words text-slate-900">
              {props.withVehicles ? (
                <a href={catalogHref(CATALOG_PATH, { q: row.label })} className="font-medium text-brand-700 underline">
                  {row.label}
                </a>
              ) : (
                row.label
              )}
            </td>
            <td className="px-4 py-2 text-right tabular-nums">{row.count}</td>
            <td className="px-4 py-2 text-right tabular-nums">{row.addresses}</td>
            <td className="px-4 py-2 whitespace-nowrap">
              <LocalTime iso={row.lastAt} />
            </td>
            {props.withVehicles && <td className="px-4 py-2 text-slate-600">{row.vehicles.join(', ')}</td>}
          </tr>
        ))}
      </DataTable>
    </TableSection>
  );
}
