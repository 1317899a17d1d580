import Link from 'next/link';
import { buttonClass } from '@/components/ui/button';

// The catalog's pager wraps on narrow screens, marks its links rel=prev/next and groups the page count's digits;
// its links are not prefetched (each is a catalog page of its own, rendered on its first visit).
const LOOKS = {
  dashboard: {
    nav: 'flex items-center justify-between gap-4',
    link: buttonClass('outline'),
    count: 'text-sm text-slate-500',
    rel: false,
    groupDigits: false,
    prefetch: undefined,
  },
  catalog: {
    nav: 'flex flex-wrap items-center justify-between gap-4',
    link: 'rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100',
    count: 'text-sm text-slate-600',
    rel: true,
    groupDigits: true,
    prefetch: false,
  },
} as const;

type PagerProps = {
  page: number;
  /** How many items the list holds, `limit` a page. */
  total: number;
  limit: number;
  /** The address of a page number. */
  href: (page: number) => string;
  look?: keyof typeof LOOKS;
};

/** Previous/next links and "Page X of Y"; nothing when there is one page. A server component: `href` is a function. */
export function Pager({ page, total, limit, href, look = 'dashboard' }: PagerProps) {
  const pageCount = Math.max(1, Math.ceil(total / limit));
  if (pageCount <= 1) return null;
  const style = LOOKS[look];
  return (
    <nav aria-label="Pages" className={style.nav}>
      {page > 1 ? (
        <Link href={href(page - 1)} rel={style.rel ? 'prev' : undefined} prefetch={style.prefetch} className={style.link}>
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span className={style.count}>
        Page {page} of {style.groupDigits ? pageCount.toLocaleString('en-US') : pageCount}
      </span>
      {page < pageCount ? (
        <Link href={href(page + 1)} rel={style.rel ? 'next' : undefined} prefetch={style.prefetch} className={style.link}>
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** A page number from ?page=, defaulting to 1. */
export function pageParam(raw: string | undefined): number {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}
