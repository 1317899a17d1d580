'use client';

import { useCallback, useId, useRef, useState } from 'react';
import { CATEGORIES } from '@/content/categories';
import { CatalogLink } from '@/components/catalog/catalog-link';
import { useDismiss } from '@/components/ui/use-dismiss';
import { CATALOG_PATH, categoryPath } from '@/lib/catalog/url';

/** The navbar's Parts menu: every part, and each category's page (for the chosen vehicle, if any). */
export function CategoriesMenu({ className }: { className: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const panel = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, panel, button);
  return (
    <div className="relative">
      <button ref={button} type="button" className={className} aria-expanded={open} aria-controls={id} onClick={() => setOpen((v) => !v)}>
        Categories <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div
          ref={panel}
          id={id}
          className="absolute right-0 top-full z-50 mt-2 grid w-80 grid-cols-2 gap-1 rounded-xl bg-white p-3 shadow-xl ring-1 ring-slate-200"
        >
          <CatalogLink
            basePath={CATALOG_PATH}
            onClick={close}
            className="col-span-2 rounded-md px-2 py-1.5 text-sm font-semibold text-slate-900 hover:bg-slate-100"
          >
            All parts
          </CatalogLink>
          {CATEGORIES.map((category) => (
            <CatalogLink
              key={category.slug}
              basePath={categoryPath(category.slug)}
              onClick={close}
              className="rounded-md px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-100"
            >
              {category.name}
            </CatalogLink>
          ))}
        </div>
      )}
    </div>
  );
}
