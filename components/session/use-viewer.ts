'use client';

import { useSyncExternalStore } from 'react';
import { hasSessionHint } from '@/lib/accounts/session-hint';

/** Who is signed in, as the browser learns it: pages are cached HTML for everyone, so they ask after loading. */
export type ClientViewer = { name: string; email: string; isAdmin: boolean; emailVerified: boolean };
export type ViewerState = { status: 'loading' } | { status: 'visitor' } | { status: 'signed-in'; viewer: ClientViewer };

const LOADING: ViewerState = { status: 'loading' };
const VISITOR: ViewerState = { status: 'visitor' };

let state: ViewerState = LOADING;
let started = false;
const listeners = new Set<() => void>();

function publish(next: ViewerState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** One request per page load, shared by every island; none at all without the session hint cookie. */
async function load(): Promise<void> {
  if (!hasSessionHint(document.cookie)) return publish(VISITOR);
  try {
    const res = await fetch('/api/auth/session', { cache: 'no-store' });
    const session = (await res.json()) as { user?: ClientViewer };
    publish(session.user ? { status: 'signed-in', viewer: session.user } : VISITOR);
  } catch {
    publish(VISITOR);
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!started) {
    started = true;
    void load();
  }
  return () => listeners.delete(listener);
}

/** The signed-in viewer of this page (`loading` until known; the server's HTML is always the visitor's). */
export function useViewer(): ViewerState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => LOADING,
  );
}
