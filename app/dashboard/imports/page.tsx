import Link from 'next/link';
import { AdminDenied } from '@/components/dashboard/admin-denied';
import { ImportForm } from '@/components/imports/import-form';
import { ImportReport, STATE_LABELS, STATE_TONES } from '@/components/imports/import-report';
import { Badge } from '@/components/ui/badge';
import { DataTable } from '@/components/ui/data-table';
import { LocalTime } from '@/components/ui/local-time';
import { getAdminViewer } from '@/lib/auth';
import { NotFoundError } from '@/lib/core/errors';
import { getImport, listImports, type ImportDTO } from '@/lib/imports';

export const metadata = { title: 'Imports' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The selected import's report, or none when the id names no import. */
async function selected(admin: Parameters<typeof getImport>[0], id: unknown): Promise<ImportDTO | null> {
  if (typeof id !== 'string') return null;
  try {
    return await getImport(admin, id);
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

/** Suppliers' files in: upload or name one, read the validation's report, then Apply; `?id=` selects an import. */
export default async function ImportsPage({ searchParams }: { searchParams: SearchParams }) {
  const admin = await getAdminViewer('/dashboard/imports');
  if (!admin) return <AdminDenied />;
  const { id } = await searchParams;
  const [imports, report] = await Promise.all([listImports(admin), selected(admin, id)]);
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold text-slate-900">Imports</h2>
      <p className="text-sm text-slate-600">
        A file is validated first: nothing changes until you read the report and press Apply. The shop&apos;s own CSV:{' '}
        <a href="/templates/parts.csv" className="font-semibold text-brand-700 hover:underline" download>
          parts template
        </a>{' '}
        and{' '}
        <a href="/templates/fitment.csv" className="font-semibold text-brand-700 hover:underline" download>
          fitment template
        </a>
        .
      </p>
      <ImportForm />
      {report && <ImportReport key={report.id} initial={report} />}
      <h3 className="text-lg font-semibold text-slate-900">Recent imports</h3>
      {imports.length ? (
        <DataTable columns={[{ label: 'File' }, { label: 'Format' }, { label: 'State' }, { label: 'Started' }]}>
          {imports.map((item) => (
            <tr
              key={item.id}
              aria-current={item.id === report?.id ? 'true' : undefined}
              className={item.id === report?.id ? 'bg-slate-50' : undefined}
            >
              <td className="px-3 py-3 sm:px-4">
                <Link href={`/dashboard/imports?id=${item.id}`} className="break-all font-medium text-brand-700 hover:underline">
                  {item.fileName}
                </Link>
              </td>
              <td className="px-3 py-3 uppercase sm:px-4">{item.format}</td>
              <td className="px-3 py-3 sm:px-4">
                <Badge tone={STATE_TONES[item.state]}>{STATE_LABELS[item.state]}</Badge>
              </td>
              <td className="px-3 py-3 whitespace-nowrap text-slate-600 sm:px-4">
                <LocalTime iso={item.createdAt} />
                <div className="text-xs">{item.startedBy}</div>
              </td>
            </tr>
          ))}
        </DataTable>
      ) : (
        <p className="rounded-2xl bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">No imports yet.</p>
      )}
    </div>
  );
}
