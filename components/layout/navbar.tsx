import Image from 'next/image';
import Link from 'next/link';
import { VerifyEmailBanner } from '@/components/auth/verify-email-banner';
import { MobileMenu } from '@/components/layout/mobile-menu';
import { NAV_LINKS } from '@/components/layout/nav-links';
import { NavSession } from '@/components/layout/nav-session';
import { SITE_NAME } from '@/lib/constants';

const linkClass = 'rounded-md px-3 py-2 text-sm font-medium text-slate-200 hover:bg-white/10 hover:text-white';

/** The same HTML for everyone (pages are cached); the session parts are client islands. */
export function Navbar() {
  return (
    <header className="sticky top-0 z-40 border-b border-white/10 bg-ink/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link href="/" className="flex items-center gap-2 text-lg font-bold text-white">
          <Image src="/logo.svg" alt="" width={32} height={32} unoptimized priority />
          {SITE_NAME}
        </Link>
        <div className="hidden items-center gap-1 md:flex">
          {NAV_LINKS.map((link) => (
            <Link key={link.href} href={link.href} className={linkClass}>
              {link.label}
            </Link>
          ))}
          <NavSession />
        </div>
        <MobileMenu />
      </nav>
      <VerifyEmailBanner />
    </header>
  );
}
