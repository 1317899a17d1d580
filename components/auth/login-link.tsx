'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { authHref } from '@/lib/client/callback-url';

/** The navbar's Login link, remembering its page; not prefetched, since it is on every page and would load the form libraries. */
export function LoginLink({ className, onClick }: { className?: string; onClick?: () => void }) {
  const pathname = usePathname();
  const back = pathname && !['/login', '/register'].includes(pathname) ? pathname : '/';
  return (
    <Link href={authHref('/login', back)} prefetch={false} className={className} onClick={onClick}>
      Login
    </Link>
  );
}
