import Link from 'next/link';
import { CartLink } from '@/components/cart/cart-link';
import { VerifyEmailBanner } from '@/components/auth/verify-email-banner';
import { CategoriesMenu } from '@/components/layout/categories-menu';
import { MobileMenu } from '@/components/layout/mobile-menu';
import { NavLinkItem } from '@/components/layout/nav-link';
import { NAV_LINKS, TRACK_ORDER_LINK } from '@/components/layout/nav-links';
import { NavSession } from '@/components/layout/nav-session';
import { SearchBox } from '@/components/search/search-box';
import { ShopImage } from '@/components/ui/shop-image';
import { VehicleMenu } from '@/components/vehicles/vehicle-menu';
import { SITE_NAME } from '@/lib/core/site';

const linkClass = 'rounded-md px-3 py-2 text-sm font-medium text-slate-200 hover:bg-white/10 hover:text-white';

/** The same HTML for everyone (pages are cached); the session, the vehicle and the search are client islands. */
export function Navbar() {
  return (
    <header className="sticky top-0 z-40 border-b border-white/10 bg-ink/95 backdrop-blur">
      <nav
        aria-label="Main"
        className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-2 sm:px-6 lg:h-16 lg:flex-nowrap lg:py-0"
      >
        <Link href="/" className="flex h-12 items-center gap-2 text-lg font-bold text-white">
          <ShopImage src="/logo.svg" alt="" width={32} height={32} priority />
          {SITE_NAME}
        </Link>
        <div className="relative order-last flex w-full items-center gap-2 lg:order-none lg:w-auto lg:flex-1">
          <SearchBox className="min-w-0 flex-1" />
          <VehicleMenu />
        </div>
        <div className="hidden items-center gap-1 lg:flex">
          {NAV_LINKS.map((link) => (
            <NavLinkItem key={link.href} link={link} className={linkClass} />
          ))}
          {/* Beside the search on a laptop's width only its icon fits; its name shows from the xl width. */}
          <Link href={TRACK_ORDER_LINK.href} className={linkClass} aria-label={TRACK_ORDER_LINK.label} title={TRACK_ORDER_LINK.label}>
            <svg viewBox="0 0 24 24" className="h-5 w-5 xl:hidden" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d="M2 6h12v10H2zM14 10h4l3 3v3h-7" />
              <circle cx="6" cy="18" r="1.5" />
              <circle cx="17" cy="18" r="1.5" />
            </svg>
            <span className="hidden xl:inline">{TRACK_ORDER_LINK.label}</span>
          </Link>
          <CategoriesMenu className={linkClass} />
          <NavSession />
        </div>
        <div className="flex items-center gap-1">
          <CartLink />
          <MobileMenu />
        </div>
      </nav>
      <VerifyEmailBanner />
    </header>
  );
}
