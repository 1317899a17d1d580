'use client';

import Link from 'next/link';
import { useCart } from '@/components/cart/use-cart';
import { cn } from '@/lib/core/utils';

/** The navbar's cart link with the number of items, filled in after hydration (the navbar is cached HTML). */
export function CartLink({ className }: { className?: string }) {
  const state = useCart();
  const count = state.status === 'ready' ? state.cart.count : 0;
  return (
    <Link
      href="/cart"
      prefetch={false}
      className={cn('relative inline-flex items-center rounded-md p-2 text-slate-100 hover:bg-white/10', className)}
      aria-label={count ? `Cart, ${count} ${count === 1 ? 'item' : 'items'}` : 'Cart'}
      data-testid="cart-link"
    >
      <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9.7a1 1 0 0 0 1-.8L21 8H6.2" />
        <circle cx="9" cy="20" r="1.5" />
        <circle cx="18" cy="20" r="1.5" />
      </svg>
      {count > 0 && (
        <span
          data-testid="cart-count"
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-brand-500 px-1 text-center text-xs leading-5 font-bold text-ink"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
