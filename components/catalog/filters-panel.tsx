'use client';

import { useState, type ReactNode } from 'react';
import { cn } from '@/lib/platform/utils';

/** The catalog's filters: a column beside the parts on large screens, behind a "Filters" button on phones. */
export function FiltersPanel({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <aside aria-label="Filters" className="lg:w-64 lg:shrink-0">
      <button
        type="button"
        className="w-full rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 lg:hidden"
        aria-expanded={open}
        aria-controls="catalog-filters"
        onClick={() => setOpen((value) => !value)}
      >
        {open ? 'Hide filters' : 'Filters'}
      </button>
      <div id="catalog-filters" className={cn('mt-4 space-y-6 lg:mt-0 lg:block', open ? 'block' : 'hidden')}>
        {children}
      </div>
    </aside>
  );
}
