'use client';

import type { Destination } from '@/components/cart/types';

/** The last country and postcode quoted in this browser: the part page's shipping line uses it. */
const KEY = 'pm_destination';

export function readDestination(): Destination | null {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<Destination> | null;
    return value && typeof value.country === 'string' && typeof value.postalCode === 'string'
      ? { country: value.country, postalCode: value.postalCode }
      : null;
  } catch {
    return null;
  }
}

export function rememberDestination(destination: Destination): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ country: destination.country, postalCode: destination.postalCode }));
  } catch {
    // Storage refused (private mode): the part page simply shows no shipping line.
  }
}
