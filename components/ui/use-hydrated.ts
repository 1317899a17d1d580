'use client';

import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/** False in the server's HTML and during hydration, true after: for what only running JavaScript can do on cached pages. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
