'use client';

import { useSyncExternalStore } from 'react';
import type { CartView } from '@/components/cart/types';
import { hasSessionHint } from '@/lib/accounts/session-hint';
import { fetchJson, type JsonResult } from '@/lib/client/fetch-json';
import { CART_HINT_COOKIE, CART_HINT_DAYS } from '@/lib/cart/hint';
import type { VehicleChoice } from '@/lib/catalog/fitment';
import type { LineFitRequest } from '@/lib/validations/vehicles';

/** This browser's cart, shared by the page's islands; pages are cached HTML for everyone, so it is fetched once after hydration. */
export type CartState = { status: 'loading' } | { status: 'ready'; cart: CartView } | { status: 'failed' };

const LOADING: CartState = { status: 'loading' };
const EMPTY: CartView = { lines: [], count: 0, lineCount: 0, subtotal: 0, currency: 'usd' };

const CART_HINT = CART_HINT_COOKIE;
const hasCartHint = () => document.cookie.split(';').some((part) => part.trim().startsWith(`${CART_HINT}=`));
function setCartHint(): void {
  if (!hasCartHint()) document.cookie = `${CART_HINT}=1; Path=/; Max-Age=${CART_HINT_DAYS * 24 * 60 * 60}; SameSite=Lax`;
}
let state: CartState = LOADING;
let started = false;
const listeners = new Set<() => void>();

function publish(next: CartState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** Takes the cart an API call answered with (every cart call answers with the whole cart). */
export function setCart(cart: CartView): void {
  publish({ status: 'ready', cart });
}

/** Reads the cart again from the server (after a sign-in merged it, or after a checkout emptied it); one request at a time. */
let inflight: Promise<void> | null = null;
/** Cart writes answered so far: a read that started before one is older than its answer and is dropped. */
let writes = 0;
export function reloadCart(): Promise<void> {
  const startedAt = writes;
  inflight ??= fetchJson<CartView>('/api/cart', { cache: 'no-store' })
    .then((res) => {
      if (!res.ok) {
        if (state.status === 'loading') publish({ status: 'failed' });
      } else if (writes === startedAt) setCart(res.data);
    })
    .finally(() => {
      inflight = null;
    });
  return inflight;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!started) {
    started = true;
    if (hasSessionHint(document.cookie) || hasCartHint()) void reloadCart();
    else publish({ status: 'ready', cart: EMPTY });
  }
  return () => listeners.delete(listener);
}

/** The cart as this browser last heard it (the cart and checkout pages publish the one they rendered). */
export function useCart(): CartState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => LOADING,
  );
}

/** Sends one cart call; a success replaces the shared cart with the answer. */
export async function sendCartCall(url: string, init: Parameters<typeof fetchJson>[1]): Promise<JsonResult<CartView>> {
  const res = await fetchJson<CartView>(url, init);
  if (res.ok && Array.isArray(res.data.lines)) {
    writes += 1;
    setCart(res.data);
    setCartHint();
  }
  return res;
}

/** Adds several parts in one step (a job kit), all or none, each checked on the server to fit the vehicle. */
/** Each line's `fit`: the answers to its part's fit questions, for the same vehicle. */
export const addLinesToCart = (lines: Array<{ partId: string; quantity: number; fit?: LineFitRequest }>, vehicle: VehicleChoice) =>
  sendCartCall('/api/cart/lines', { method: 'POST', json: { lines, vehicle } });
/** `fit`: the vehicle and the answers to the part's fit questions, when the buyer answered them. */
export const addToCart = (partId: string, quantity: number, fit?: LineFitRequest | null) =>
  sendCartCall('/api/cart/lines', { method: 'POST', json: { partId, quantity, ...(fit ? { fit } : {}) } });
export const changeCartLine = (partId: string, quantity: number) =>
  sendCartCall(`/api/cart/lines/${encodeURIComponent(partId)}`, { method: 'PATCH', json: { quantity } });
export const removeCartLine = (partId: string) => sendCartCall(`/api/cart/lines/${encodeURIComponent(partId)}`, { method: 'DELETE' });
