import type { FitmentDTO } from '@/lib/catalog';

const COLUMNS = ['Make', 'Model', 'Years', 'Engine', 'Notes', 'Position', 'Quantity', 'Qualifiers'] as const;
const CONFIRMED = 'Confirmed fits';

// On phones each row stacks into a small card with its labels (no sideways swipe for the notes); from sm up it is a table.
// The roles are explicit because a table whose rows are displayed as blocks loses them in some browsers.
const cellClass = 'block px-4 py-0.5 sm:table-cell sm:py-2';

/** A part's full fitment table (the vehicles it fits, with their qualifiers); `confirmed`: the buyers who said each row's part
 * fitted (the column shows once any row has one). */
export function FitmentTable({ fitment, confirmed = [] }: { fitment: readonly FitmentDTO[]; confirmed?: readonly number[] }) {
  const columns = confirmed.some(Boolean) ? [...COLUMNS, CONFIRMED] : COLUMNS;
  return (
    <section aria-labelledby="fitment-heading" className="mt-12 space-y-3">
      <h2 id="fitment-heading" className="text-xl font-bold text-slate-900">
        Fitment
      </h2>
      {fitment.length === 0 ? (
        <p className="text-slate-600">We have no vehicle data for this part: check the notes in its description before ordering.</p>
      ) : (
        <div className="rounded-2xl bg-white ring-1 ring-slate-200 sm:overflow-x-auto">
          <table
            role="table"
            aria-labelledby="fitment-heading"
            className="block w-full text-sm sm:table sm:min-w-full sm:divide-y sm:divide-slate-200"
          >
            <thead className="sr-only bg-slate-50 text-left text-xs font-semibold uppercase tracking-wider text-slate-500 sm:not-sr-only sm:table-header-group">
              <tr role="row">
                {columns.map((label) => (
                  <th key={label} role="columnheader" scope="col" className="px-4 py-3">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="block divide-y divide-slate-100 sm:table-row-group">
              {fitment.map((row, index) => (
                <tr key={index} role="row" className="block py-2 sm:table-row sm:py-0">
                  <td
                    role="cell"
                    className="inline-block py-0.5 pl-4 font-semibold text-slate-900 sm:table-cell sm:px-4 sm:py-2 sm:font-normal"
                  >
                    {row.make}
                  </td>
                  <td
                    role="cell"
                    className="inline-block py-0.5 pl-1 font-semibold text-slate-900 sm:table-cell sm:px-4 sm:py-2 sm:font-normal"
                  >
                    {row.model}
                  </td>
                  <td role="cell" className={`${cellClass} tabular-nums sm:whitespace-nowrap`}>
                    <span aria-hidden="true" className="font-medium text-slate-500 sm:hidden">
                      Years:{' '}
                    </span>
                    {row.yearFrom === row.yearTo ? row.yearFrom : `${row.yearFrom}–${row.yearTo}`}
                  </td>
                  <td role="cell" className={cellClass}>
                    <span aria-hidden="true" className="font-medium text-slate-500 sm:hidden">
                      Engine:{' '}
                    </span>
                    {row.engine ?? 'All engines'}
                  </td>
                  <LabelledCell label="Notes" value={row.notes} />
                  <LabelledCell label="Position" value={row.position} />
                  <LabelledCell label="Quantity" value={row.quantity === null ? null : String(row.quantity)} />
                  <LabelledCell label="Qualifiers" value={row.qualifiers.length ? row.qualifiers.join('; ') : null} />
                  {columns.length > COLUMNS.length && (
                    <LabelledCell label={CONFIRMED} value={confirmed[index] ? String(confirmed[index]) : null} />
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** A row's notes, or an imported row's position, quantity or qualifiers; on phones an empty one is not shown. */
function LabelledCell({ label, value }: { label: string; value: string | null }) {
  return (
    <td role="cell" className={`${cellClass} text-slate-600 ${value ? '' : 'hidden sm:table-cell'}`}>
      {value && (
        <span aria-hidden="true" className="font-medium text-slate-500 sm:hidden">
          {label}:{' '}
        </span>
      )}
      {value ?? ''}
    </td>
  );
}
