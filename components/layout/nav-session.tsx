'use client';

import Link from 'next/link';
import { LoginLink } from '@/components/auth/login-link';
import { LogoutButton } from '@/components/auth/logout-button';
import { DASHBOARD_LINK } from '@/components/layout/nav-links';
import { useViewer } from '@/components/session/use-viewer';
import { shortName } from '@/lib/core/utils';
import { buttonClass } from '@/components/ui/button';

const linkClass = 'rounded-md px-3 py-2 text-sm font-medium text-slate-200 hover:bg-white/10 hover:text-white';

/** The desktop navbar's session part: Dashboard, the name cut to 6 characters and LogOut, or Login. */
export function NavSession() {
  const state = useViewer();
  if (state.status !== 'signed-in') {
    return <LoginLink className={buttonClass('primary', 'ml-2')} />;
  }
  return (
    <>
      <Link href={DASHBOARD_LINK.href} className={linkClass}>
        {DASHBOARD_LINK.label}
      </Link>
      <span className="ml-2 rounded-full bg-white/10 px-3 py-1 text-sm text-brand-100" title={state.viewer.name}>
        {shortName(state.viewer.name)}
      </span>
      <LogoutButton className={linkClass} />
    </>
  );
}
