'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { useActiveVehicle } from '@/components/vehicles/use-active-vehicle';
import { vehicleRedirect } from '@/lib/catalog/url';

/**
 * On a plain list (`/parts`, a category's page): a browser with a chosen vehicle goes on to that
 * vehicle's list, unless it asked for every part. Decided here, not by the server: the page is one
 * cached copy for everyone, which nginx keeps without the visitor's cookies.
 */
export function VehicleRedirect() {
  const vehicle = useActiveVehicle();
  const router = useRouter();
  useEffect(() => {
    // Read at the moment (useSearchParams would make the static page render on the client only).
    const target = vehicleRedirect(window.location.pathname, new URLSearchParams(window.location.search), vehicle);
    if (target) router.replace(target);
  }, [vehicle, router]);
  return null;
}
