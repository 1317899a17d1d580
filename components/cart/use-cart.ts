'use client';

import { useSyncExternalStore } from 'react';
import type { CartView } from '@/components/cart/types';
import { fetchJson, type JsonResult } from '@/lib/client/fetch-json';

/**
 * This browser's cart, shared by every island of the page (the navbar's count, the add buttons, the
 * cart page). Pages are cached HTML for everyone, so the cart is fetched after hydration, once.
 */
export type CartState = { status: 'loading' } | { status: 'ready'; cart: CartView } | { status: 'failed' };

const LOADING: CartState = { status: 'loading' };
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

/** Reads the cart again from the server (after a sign-in merged it, or after a checkout emptied it). */
export async function reloadCart(): Promise<void> {
  const res = await fetchJson<CartView>('/api/cart', { cache: 'no-store' });
  if (res.ok) setCart(res.data);
  else if (state.status === 'loading') publish({ status: 'failed' });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!started) {
    started = true;
    void reloadCart();
  }
  return () => listeners.delete(listener);
}

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
  if (res.ok && Array.isArray(res.data.lines)) setCart(res.data);
  return res;
}

export const addToCart = (partId: string, quantity: number) =>
  sendCartCall('/api/cart/lines', { method: 'POST', json: { partId, quantity } });
export const changeCartLine = (partId: string, quantity: number) =>
  sendCartCall(`/api/cart/lines/${encodeURIComponent(partId)}`, { method: 'PATCH', json: { quantity } });
export const removeCartLine = (partId: string) => sendCartCall(`/api/cart/lines/${encodeURIComponent(partId)}`, { method: 'DELETE' });
