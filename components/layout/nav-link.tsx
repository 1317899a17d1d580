import Link from 'next/link';
import { CatalogLink } from '@/components/catalog/catalog-link';
import type { NavLink } from '@/components/layout/nav-links';
import { CATALOG_PATH } from '@/lib/catalog/url';

type NavLinkItemProps = { link: NavLink; className: string; onClick?: () => void };

/** One of the navbar's links (desktop and phone menus); Parts leads to the chosen vehicle's parts. */
export function NavLinkItem({ link, className, onClick }: NavLinkItemProps) {
  return link.href === CATALOG_PATH ? (
    <CatalogLink basePath={link.href} className={className} onClick={onClick}>
      {link.label}
    </CatalogLink>
  ) : (
    <Link href={link.href} className={className} onClick={onClick}>
      {link.label}
    </Link>
  );
}
