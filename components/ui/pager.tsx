import Link from 'next/link';
import { buttonClass } from '@/components/ui/button';

/** Previous/next links for a paged list page (?page=n). */
export function Pager({ basePath, page, total, limit }: { basePath: string; page: number; total: number; limit: number }) {
  const pages = Math.max(1, Math.ceil(total / limit));
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-4">
      {page > 1 ? (
        <Link href={`${basePath}?page=${page - 1}`} className={buttonClass('outline')}>
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-slate-500">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link href={`${basePath}?page=${page + 1}`} className={buttonClass('outline')}>
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
