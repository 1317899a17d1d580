'use client';

import { useState } from 'react';
import { LoginLink } from '@/components/auth/login-link';
import { LogoutButton } from '@/components/auth/logout-button';
import { CatalogLink } from '@/components/catalog/catalog-link';
import { NavLinkItem } from '@/components/layout/nav-link';
import { DASHBOARD_LINK, NAV_LINKS, TRACK_ORDER_LINK } from '@/components/layout/nav-links';
import { useViewer } from '@/components/session/use-viewer';
import { CATEGORIES } from '@/content/categories';
import { categoryPath } from '@/lib/catalog/url';

const itemClass = 'block rounded-md px-3 py-2 text-base font-medium text-slate-100 hover:bg-white/10';

/** The navbar's menu below the lg breakpoint, with the category pages. */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const state = useViewer();
  const viewer = state.status === 'signed-in' ? state.viewer : null;
  const close = () => setOpen(false);
  const links = viewer ? [...NAV_LINKS, TRACK_ORDER_LINK, DASHBOARD_LINK] : [...NAV_LINKS, TRACK_ORDER_LINK];
  return (
    <div className="lg:hidden">
      <button
        type="button"
        className="rounded-md p-2 text-slate-100 hover:bg-white/10"
        aria-expanded={open}
        aria-controls="mobile-menu"
        aria-label={open ? 'Close menu' : 'Open menu'}
        onClick={() => setOpen((value) => !value)}
      >
        <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 6h16M4 12h16M4 18h16" />}
        </svg>
      </button>
      {open && (
        <div
          id="mobile-menu"
          className="absolute inset-x-0 top-full max-h-[calc(100vh-8rem)] overflow-y-auto border-b border-white/10 bg-ink px-4 pb-4 shadow-lg"
        >
          {viewer && <p className="px-3 py-2 text-sm text-brand-100">Signed in as {viewer.name}</p>}
          {links.map((link) => (
            <NavLinkItem key={link.href} link={link} className={itemClass} onClick={close} />
          ))}
          <p className="mt-2 px-3 text-xs font-semibold uppercase tracking-wider text-slate-400">Categories</p>
          <div className="grid grid-cols-2">
            {CATEGORIES.map((category) => (
              <CatalogLink key={category.slug} basePath={categoryPath(category.slug)} className={itemClass} onClick={close}>
                {category.name}
              </CatalogLink>
            ))}
          </div>
          {viewer ? <LogoutButton className={`${itemClass} w-full text-left`} /> : <LoginLink className={itemClass} onClick={close} />}
        </div>
      )}
    </div>
  );
}
