'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';

/** The navbar's Login link: it remembers the page it was clicked on. */
export function LoginLink({ className, onClick }: { className?: string; onClick?: () => void }) {
  const pathname = usePathname();
  const back = pathname && !['/', '/login', '/register'].includes(pathname) ? `?callbackUrl=${encodeURIComponent(pathname)}` : '';
  return (
    <Link href={`/login${back}`} className={className} onClick={onClick}>
      Login
    </Link>
  );
}
