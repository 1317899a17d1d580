import Link from 'next/link';
import { buttonClass } from '@/components/ui/button';

type Params = Record<string, string | undefined>;

/** A list page's address with its filters and `page` (empty values left out). */
export function listHref(basePath: string, params: Params): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
  const text = query.toString();
  return text ? `${basePath}?${text}` : basePath;
}

/** Previous/next links that keep the list's filters in the URL (?status=...&q=...&page=n). */
export function ListPager({
  basePath,
  params,
  page,
  total,
  limit,
}: {
  basePath: string;
  params: Params;
  page: number;
  total: number;
  limit: number;
}) {
  const pages = Math.max(1, Math.ceil(total / limit));
  if (pages <= 1) return null;
  const to = (target: number) => listHref(basePath, { ...params, page: target > 1 ? String(target) : undefined });
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-4">
      {page > 1 ? (
        <Link href={to(page - 1)} className={buttonClass('outline')}>
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-slate-500">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link href={to(page + 1)} className={buttonClass('outline')}>
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
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
