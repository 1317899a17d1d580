'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import type { CartView } from '@/components/cart/types';
import { setCart } from '@/components/cart/use-cart';
import { useHydrated } from '@/components/ui/use-hydrated';
import { useActiveVehicle } from '@/components/vehicles/use-active-vehicle';
import { encodeVehicle } from '@/lib/vehicles/cookie';

type CartPageSyncProps = {
  /** The cart the server rendered, or null on a page that shows none. */
  cart: CartView | null;
  /** The vehicle the server judged the fit for (lib/vehicles/cookie encodeVehicle), or null; undefined: a page without fit. */
  vehicle?: string | null;
};

/** Keeps a server-rendered cart or checkout page true to the browser: syncs the navbar's count, and renders
 * again when the page is restored (Back, bfcache) or the vehicle changes. Renders nothing. */
export function CartPageSync({ cart, vehicle }: CartPageSyncProps) {
  const router = useRouter();
  const hydrated = useHydrated();
  const active = useActiveVehicle();
  const activeKey = active ? encodeVehicle(active) : null;
  const shown = useRef(false);
  const followed = useRef<string | null>(null);

  useEffect(() => {
    if (cart) setCart(cart);
  }, [cart]);

  // The router hides a page it keeps for Back (React's Activity) and runs this again when it shows it.
  useEffect(() => {
    if (shown.current) router.refresh();
    shown.current = true;
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) router.refresh();
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, [router]);

  // Once per vehicle chosen: should the server see another cookie than this script, no refresh follows another.
  useEffect(() => {
    if (vehicle === undefined || !hydrated || activeKey === vehicle || activeKey === followed.current) return;
    followed.current = activeKey;
    router.refresh();
  }, [hydrated, activeKey, vehicle, router]);

  return null;
}
