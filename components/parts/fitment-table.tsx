import { DataTable, type Column } from '@/components/ui/data-table';
import type { FitmentDTO } from '@/lib/platform/types';

const COLUMNS: Column[] = [{ label: 'Make' }, { label: 'Model' }, { label: 'Years' }, { label: 'Engine' }, { label: 'Notes' }];

/** A part's full fitment table (the vehicles it fits, with their qualifiers). */
export function FitmentTable({ fitment }: { fitment: readonly FitmentDTO[] }) {
  return (
    <section aria-labelledby="fitment-heading" className="mt-12 space-y-3">
      <h2 id="fitment-heading" className="text-xl font-bold text-slate-900">
        Fitment
      </h2>
      {fitment.length === 0 ? (
        <p className="text-slate-600">We have no vehicle data for this part: check the notes in its description before ordering.</p>
      ) : (
        <DataTable columns={COLUMNS}>
          {fitment.map((row, index) => (
            <tr key={index}>
              <td className="px-4 py-2 text-slate-900">{row.make}</td>
              <td className="px-4 py-2 text-slate-900">{row.model}</td>
              <td className="px-4 py-2 whitespace-nowrap tabular-nums">
                {row.yearFrom === row.yearTo ? row.yearFrom : `${row.yearFrom}–${row.yearTo}`}
              </td>
              <td className="px-4 py-2">{row.engine ?? 'All engines'}</td>
              <td className="px-4 py-2 text-slate-600">{row.notes ?? ''}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
