'use client';

import { useRouter } from 'next/navigation';
import { catalogHref, type CatalogParams } from '@/lib/catalog/url';
import type { SortOrder } from '@/lib/validations/search';

const LABELS: Record<SortOrder, string> = {
  relevance: 'Best match',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  newest: 'Newest',
};

/** The catalog's order: changing it loads the first page in that order (a new URL, so back returns). */
export function SortSelect({ value, params, basePath }: { value: SortOrder; params: CatalogParams; basePath: string }) {
  const router = useRouter();
  return (
    <label className="flex items-center gap-2 text-sm text-slate-700">
      Sort by
      <select
        name="sort"
        value={value}
        onChange={(event) => router.push(catalogHref(basePath, params, { sort: event.target.value }))}
        className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900"
      >
        {Object.entries(LABELS).map(([sort, label]) => (
          <option key={sort} value={sort}>
            {label}
          </option>
        ))}
      </select>
    </label>
  );
}
