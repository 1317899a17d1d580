'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { useActiveVehicle } from '@/components/vehicles/use-active-vehicle';
import { vehicleRedirect } from '@/lib/catalog/url';

/** Sends a browser with a chosen vehicle from a plain list to that vehicle's list, unless it asked for every part;
 * decided here because nginx caches the page once, without cookies. */
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
