export type NavLink = { href: string; label: string };

export function navLinks(signedIn: boolean): NavLink[] {
  return [
    { href: '/', label: 'Home' },
    { href: '/blogs', label: 'Blogs' },
    { href: '/myPortfolio', label: 'My Portfolio' },
    ...(signedIn ? [{ href: '/dashboard', label: 'Dashboard' }] : []),
  ];
}
