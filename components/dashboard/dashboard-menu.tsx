'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { cn } from '@/lib/utils';

const CUSTOMER = [
  { href: '/dashboard', label: 'My Orders' },
  { href: '/dashboard/addReview', label: 'Add a Review' },
];
const ADMIN = [
  { href: '/dashboard/manageProducts', label: 'Manage Products' },
  { href: '/dashboard/manageReviews', label: 'Manage Reviews' },
  { href: '/dashboard/addProduct', label: 'Add Product' },
  { href: '/dashboard/manageOrders', label: 'Manage Orders' },
  { href: '/dashboard/makeAdmin', label: 'Make Admin' },
];
const EVERYONE = [{ href: '/dashboard/myProfile', label: 'My Profile' }];

/** The dashboard's side menu: customers and admins see different items; My Profile is for everyone. */
export function DashboardMenu({ isAdmin }: { isAdmin: boolean }) {
  const pathname = usePathname();
  const items = [...(isAdmin ? ADMIN : CUSTOMER), ...EVERYONE];
  return (
    <nav aria-label="Dashboard" className="lg:w-60 lg:shrink-0">
      <ul className="flex gap-2 overflow-x-auto pb-2 lg:flex-col lg:overflow-visible lg:pb-0">
        {items.map((item) => {
          const active = pathname === item.href || (item.href !== '/dashboard' && pathname.startsWith(`${item.href}/`));
          return (
            <li key={item.href} className="shrink-0">
              <Link
                href={item.href}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'block rounded-lg px-4 py-2 text-sm font-medium whitespace-nowrap',
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
