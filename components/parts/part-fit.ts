'use client';

import type { LineFitRequest } from '@/lib/validations/vehicles';

/** The fit a buyer decided on a part's page (its questions answered), read by the add-to-cart button when clicked. */
const decided = new Map<string, LineFitRequest>();

/** Sets a part's decided fit, or clears it (null: not decided, or it does not fit). */
export function setPartFit(partId: string, fit: LineFitRequest | null): void {
  if (fit) decided.set(partId, fit);
  else decided.delete(partId);
}

export function readPartFit(partId: string): LineFitRequest | null {
  return decided.get(partId) ?? null;
}
