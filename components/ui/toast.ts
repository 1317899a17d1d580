'use client';

import { useSyncExternalStore } from 'react';

/** The spec's toasts; sonner loads with the first toast, not with every page. Toasts made before the toaster
 * (components/ui/toaster.tsx) mounts are shown when it does. */

let wanted = false;
const listeners = new Set<() => void>();

function show(kind: 'success' | 'error' | 'info', message: string): void {
  if (!wanted) {
    wanted = true;
    listeners.forEach((listener) => listener());
  }
  import('sonner')
    .then(({ toast: sonner }) => sonner[kind](message))
    .catch(() => {
      // The chunk could not be fetched (offline): the page says what happened by itself.
    });
}

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once a toast has been asked for on this page (never on the server). */
export function useToastWanted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
}
