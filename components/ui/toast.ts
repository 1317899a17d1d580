'use client';

import { useSyncExternalStore } from 'react';

/**
 * The spec's toasts, with the toast library (sonner, 13.6 kB gzipped) loaded when the first toast is
 * asked for rather than with every page: a visitor who never submits a form never downloads it. The
 * toaster (components/ui/toaster.tsx) mounts from then on; a toast made before it mounts is shown as
 * it does (sonner hands a new toaster the toasts already made).
 */

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
