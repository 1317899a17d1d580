import type { ReturnReason, ReturnState } from '@/lib/core/return-fields';

/** A return as lib/returns answers it, for the server and the browser alike (type-only imports). */

export type ReturnLineDTO = {
  partId: string;
  partName: string;
  unitPrice: number;
  quantity: number;
  /** The return's state, or `written-off` for a line received damaged. */
  state: ReturnState | 'written-off';
};

export type ReturnEventDTO = { step: ReturnState; at: string };

export type ReturnDTO = {
  id: string;
  orderId: string;
  orderNumber: string;
  email: string;
  state: ReturnState;
  reason: ReturnReason;
  note: string | null;
  vehicle: string | null;
  vin: string | null;
  mismatch: string | null;
  lines: ReturnLineDTO[];
  /** The lines' share of what was paid (with shipping for the shop's mistake) while open; what was paid back once refunded. */
  refundAmount: number;
  instructions: string | null;
  rejection: string | null;
  createdAt: string;
  /** Each step taken, oldest first: the order's timeline shows them. */
  events: ReturnEventDTO[];
};
