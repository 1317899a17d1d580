import Image from 'next/image';
import Link from 'next/link';
import { LoginLink } from '@/components/auth/login-link';
import { LogoutButton } from '@/components/auth/logout-button';
import { VerifyEmailBanner } from '@/components/auth/verify-email-banner';
import { MobileMenu } from '@/components/layout/mobile-menu';
import { navLinks } from '@/components/layout/nav-links';
import { getSessionUser } from '@/lib/auth/viewer';
import { SITE_NAME } from '@/lib/constants';
import { shortName } from '@/lib/utils';

const linkClass = 'rounded-md px-3 py-2 text-sm font-medium text-slate-200 hover:bg-white/10 hover:text-white';

export async function Navbar() {
  const user = await getSessionUser();
  const links = navLinks(Boolean(user));
  return (
    <header className="sticky top-0 z-40 border-b border-white/10 bg-ink/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link href="/" className="flex items-center gap-2 text-lg font-bold text-white">
          <Image src="/logo.svg" alt="" width={32} height={32} unoptimized priority />
          {SITE_NAME}
        </Link>
        <div className="hidden items-center gap-1 md:flex">
          {links.map((link) => (
            <Link key={link.href} href={link.href} className={linkClass}>
              {link.label}
            </Link>
          ))}
          {user ? (
            <>
              <span className="ml-2 rounded-full bg-white/10 px-3 py-1 text-sm text-brand-100" title={user.name}>
                {shortName(user.name)}
              </span>
              <LogoutButton className={linkClass} />
            </>
          ) : (
            <LoginLink className="ml-2 rounded-md bg-brand-500 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600" />
          )}
        </div>
        <MobileMenu links={links} userName={user?.name ?? null} />
      </nav>
      <VerifyEmailBanner />
    </header>
  );
}
