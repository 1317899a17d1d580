import type { ReactNode } from 'react';
import { cn } from '@/lib/core/utils';

export type Column = { label: string; align?: 'right' };

/** A table scrolling sideways in its card on narrow screens; the scrolling box is focusable so keyboards can scroll it (WCAG 2.1.1). */
export function DataTable({ columns, children }: { columns: Column[]; children: ReactNode }) {
  return (
    <div tabIndex={0} className="overflow-x-auto rounded-2xl bg-white ring-1 ring-slate-200">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wider text-slate-500">
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={cn('px-4 py-3', column.align === 'right' && 'text-right')}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}
