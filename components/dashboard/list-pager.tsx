import Link from 'next/link';
import type { ReactNode } from 'react';
import { buttonClass } from '@/components/ui/button';

type Params = Record<string, string | undefined>;

/** A list page's address with its filters and page number (empty values and page 1 left out). */
export function listHref(basePath: string, params: Params, page = 1): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `${basePath}?${text}` : basePath;
}

/** A GET search box for a list page: the other filters ride along as hidden fields, paging restarts. */
export function SearchForm({
  basePath,
  label,
  placeholder,
  value,
  keep = {},
}: {
  basePath: string;
  label: string;
  placeholder: string;
  value: string;
  keep?: Params;
}) {
  return (
    <form method="get" action={basePath} role="search" aria-label={label} className="flex gap-2">
      {Object.entries(keep).map(([key, kept]) => (kept ? <input key={key} type="hidden" name={key} value={kept} /> : null))}
      <label className="min-w-0 flex-1">
        <span className="sr-only">{label}</span>
        <input
          type="search"
          name="q"
          defaultValue={value}
          placeholder={placeholder}
          maxLength={100}
          className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none"
        />
      </label>
      <button type="submit" className={buttonClass('dark')}>
        Search
      </button>
    </form>
  );
}

/** A list page's count ("3 orders"), what narrows it, and a way back to the whole list when anything does. */
export function ListCount(props: { total: number; one: string; many: string; basePath: string; filtered: boolean; children?: ReactNode }) {
  return (
    <p className="text-sm text-slate-500" aria-live="polite">
      {props.total} {props.total === 1 ? props.one : props.many}
      {props.children}
      {props.filtered && (
        <>
          {' · '}
          <Link href={props.basePath} className="text-brand-700 underline">
            Show all
          </Link>
        </>
      )}
    </p>
  );
}
