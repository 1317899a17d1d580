'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';

/**
 * The navbar's Login link: it remembers the page it was clicked on. Not prefetched: it is on every
 * page, and prefetching the login page loads its form libraries (zod among them) on every visit.
 */
export function LoginLink({ className, onClick }: { className?: string; onClick?: () => void }) {
  const pathname = usePathname();
  const back = pathname && !['/', '/login', '/register'].includes(pathname) ? `?callbackUrl=${encodeURIComponent(pathname)}` : '';
  return (
    <Link href={`/login${back}`} prefetch={false} className={className} onClick={onClick}>
      Login
    </Link>
  );
}
