'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { cn } from '@/lib/core/utils';

/** `also`: other pages that belong to the item (an order page belongs to the order list). */
type Item = { href: string; label: string; also?: string[] };

const CUSTOMER: Item[] = [
  { href: '/dashboard', label: 'My Orders', also: ['/dashboard/orders', '/dashboard/payment'] },
  { href: '/dashboard/addReview', label: 'Add a Review' },
  { href: '/dashboard/myGarage', label: 'My Garage' },
  { href: '/dashboard/addresses', label: 'My Addresses' },
];
const ADMIN: Item[] = [
  { href: '/dashboard', label: 'Overview' },
  { href: '/dashboard/manageProducts', label: 'Manage Products' },
  { href: '/dashboard/manageReviews', label: 'Manage Reviews' },
  { href: '/dashboard/addProduct', label: 'Add Product' },
  { href: '/dashboard/manageOrders', label: 'Manage Orders', also: ['/dashboard/orders', '/dashboard/payment'] },
  { href: '/dashboard/returns', label: 'Returns' },
  { href: '/dashboard/fitment-reviews', label: 'Fitment reviews' },
  { href: '/dashboard/makeAdmin', label: 'Make Admin' },
  { href: '/dashboard/audit', label: 'Audit Log' },
  { href: '/dashboard/lostDemand', label: 'Lost Demand' },
  { href: '/dashboard/shipping', label: 'Shipping' },
  { href: '/dashboard/taxes', label: 'Taxes' },
  { href: '/dashboard/vehicles', label: 'Vehicles' },
  { href: '/dashboard/discountCodes', label: 'Discount Codes' },
  { href: '/dashboard/kits', label: 'Job Kits' },
  { href: '/dashboard/imports', label: 'Imports' },
  { href: '/dashboard/settings', label: 'Shop Settings' },
  { href: '/dashboard/importMappings', label: 'Import Mappings' },
];
const EVERYONE: Item[] = [{ href: '/dashboard/myProfile', label: 'My Profile' }];

const within = (pathname: string, base: string) => pathname === base || pathname.startsWith(`${base}/`);

function isActive(pathname: string, item: Item): boolean {
  if (item.href === '/dashboard') return pathname === '/dashboard' || Boolean(item.also?.some((base) => within(pathname, base)));
  return within(pathname, item.href) || Boolean(item.also?.some((base) => within(pathname, base)));
}

/** The dashboard's menu per role; a column on large screens, wrapping rows above the page on phones so no label is cut. */
export function DashboardMenu({ isAdmin }: { isAdmin: boolean }) {
  const pathname = usePathname();
  const items = [...(isAdmin ? ADMIN : CUSTOMER), ...EVERYONE];
  return (
    <nav aria-label="Dashboard" className="lg:w-60 lg:shrink-0">
      <ul className="flex flex-wrap gap-2 lg:flex-col lg:flex-nowrap">
        {items.map((item) => {
          const active = isActive(pathname, item);
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'block rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap lg:px-4',
                  active ? 'bg-ink text-white' : 'bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-100',
                )}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
