'use client';

import { useCallback, useRef, useState, type ReactNode, type SyntheticEvent } from 'react';
import { useDismiss } from '@/components/ui/use-dismiss';
import { cn } from '@/lib/core/utils';

type FiltersPanelProps = {
  children: ReactNode;
  /** Filters in use, shown on the phone's button. */
  count: number;
  /** Above the filters, in view on phones too (not in the drawer): the fit filter. */
  pinned?: ReactNode;
};

/** The catalog's filters: a column on large screens, on phones a "Filters (n)" drawer that closes once a filter is applied. */
export function FiltersPanel({ children, count, pinned }: FiltersPanelProps) {
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  // Escape or a press outside closes it (the navbar stays usable above the dimmed page).
  useDismiss(open, close, panel, button);
  // A filter is a link or a GET form: following it closes the drawer, so the results show first.
  const closeOnApply = (event: SyntheticEvent) => {
    if (event.type === 'submit' || (event.target as HTMLElement).closest('a')) setOpen(false);
  };
  return (
    <aside aria-label="Filters" className="flex flex-col gap-3 lg:w-64 lg:shrink-0 lg:gap-6">
      {pinned}
      <button
        ref={button}
        type="button"
        className="w-full rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 lg:hidden"
        aria-expanded={open}
        aria-controls="catalog-filters"
        onClick={() => setOpen(true)}
      >
        Filters ({count})
      </button>
      {open && <div aria-hidden="true" className="fixed inset-0 z-30 bg-slate-900/40 lg:hidden" />}
      <div
        ref={panel}
        id="catalog-filters"
        onClickCapture={closeOnApply}
        onSubmitCapture={closeOnApply}
        className={cn(
          'space-y-6 lg:static lg:block lg:max-h-none lg:w-auto lg:max-w-none lg:overflow-visible lg:bg-transparent lg:p-0 lg:shadow-none',
          open ? 'fixed inset-y-0 left-0 z-50 block w-[85vw] max-w-sm overflow-y-auto bg-white p-4 shadow-xl' : 'hidden',
        )}
      >
        <div className="flex items-center justify-between lg:hidden">
          <p className="text-lg font-semibold text-slate-900">Filters</p>
          <button
            type="button"
            onClick={() => setOpen(false)}
            className="rounded-md px-3 py-1.5 text-sm font-semibold text-brand-700 underline"
          >
            Show results
          </button>
        </div>
        {children}
      </div>
    </aside>
  );
}
