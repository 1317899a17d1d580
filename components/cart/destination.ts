'use client';

import type { Destination } from '@/components/cart/types';
import { decodeDestination, destinationCookie, readDestinationCookie } from '@/lib/cart/destination';

/** Where this browser kept the destination before the cookie (lib/cart/destination.ts): read once, then moved. */
const STORED_KEY = 'pm_destination';

/** The last country and postcode quoted in this browser: the part page's shipping line uses it. */
export function readDestination(): Destination | null {
  const saved = readDestinationCookie(document.cookie);
  if (saved) return saved;
  try {
    const moved = decodeDestination(encodeURIComponent(localStorage.getItem(STORED_KEY) ?? ''));
    if (moved) rememberDestination(moved);
    localStorage.removeItem(STORED_KEY);
    return moved;
  } catch {
    // Storage refused (private mode): nothing was kept there.
    return null;
  }
}

export function rememberDestination(destination: Destination): void {
  document.cookie = destinationCookie(destination);
}
