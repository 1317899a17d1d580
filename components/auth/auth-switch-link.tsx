'use client';

import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { Suspense } from 'react';
import { authHref, callbackUrlOf } from '@/lib/client/callback-url';

type AuthSwitchLinkProps = { page: '/login' | '/register'; children: React.ReactNode };

const className = 'font-semibold text-brand-700 hover:underline';

function LinkKeepingCallback({ page, children }: AuthSwitchLinkProps) {
  return (
    <Link href={authHref(page, callbackUrlOf(useSearchParams()))} className={className}>
      {children}
    </Link>
  );
}

/** "Create an account" / "Login" under the auth forms; gains the `callbackUrl` in the browser, so the static page stays static. */
export function AuthSwitchLink({ page, children }: AuthSwitchLinkProps) {
  return (
    <Suspense
      fallback={
        <Link href={page} className={className}>
          {children}
        </Link>
      }
    >
      <LinkKeepingCallback page={page}>{children}</LinkKeepingCallback>
    </Suspense>
  );
}
