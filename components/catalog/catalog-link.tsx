'use client';

import Link from 'next/link';
import type { ComponentProps } from 'react';
import { useActiveVehicle } from '@/components/vehicles/use-active-vehicle';
import { vehicleListHref } from '@/lib/catalog/url';

type CatalogLinkProps = Omit<ComponentProps<typeof Link>, 'href'> & { /** `/parts` or a category's page. */ basePath: string };

/** A catalog link that goes to the chosen vehicle's list, read in the browser so the page holding it stays the same for everyone. */
export function CatalogLink({ basePath, prefetch, ...props }: CatalogLinkProps) {
  const vehicle = useActiveVehicle();
  // A vehicle's list is a narrowed page: not prefetched, as the catalog's links between those are not.
  return <Link {...props} href={vehicleListHref(basePath, vehicle)} prefetch={vehicle ? false : prefetch} />;
}
