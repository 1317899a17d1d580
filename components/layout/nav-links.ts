import { CATALOG_PATH } from '@/lib/catalog/url';

export type NavLink = { href: string; label: string };

/** The navbar's links for everyone; the Dashboard link joins them for signed-in users (nav-session.tsx). */
export const NAV_LINKS: NavLink[] = [
  { href: '/', label: 'Home' },
  // To the chosen vehicle's parts (nav-link.tsx).
  { href: CATALOG_PATH, label: 'Parts' },
  { href: '/blogs', label: 'Blogs' },
  { href: '/myPortfolio', label: 'My Portfolio' },
];

/** A guest's way back to an order (its link emailed again); the navbar shows it as an icon until the xl width. */
export const TRACK_ORDER_LINK: NavLink = { href: '/orders/lookup', label: 'Track an order' };

export const DASHBOARD_LINK: NavLink = { href: '/dashboard', label: 'Dashboard' };
