export type NavLink = { href: string; label: string };

/** The navbar's links for everyone; the Dashboard link joins them for signed-in users (nav-session.tsx). */
export const NAV_LINKS: NavLink[] = [
  { href: '/', label: 'Home' },
  { href: '/parts', label: 'Parts' },
  { href: '/blogs', label: 'Blogs' },
  { href: '/myPortfolio', label: 'My Portfolio' },
];

export const DASHBOARD_LINK: NavLink = { href: '/dashboard', label: 'Dashboard' };
