import type { CoreOutcome, FitmentReviewAction, FitmentReviewState, ReturnReason, ReturnState } from '@/lib/core/return-fields';

/** A return as lib/returns answers it, for the server and the browser alike (type-only imports). */

export type ReturnLineDTO = {
  partId: string;
  partName: string;
  unitPrice: number;
  quantity: number;
  /** A core return's line: the core deposits of the part's units (unitPrice is the deposit per unit); absent: the part itself. */
  core?: true;
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
  /** A core return's end: paid back in full, in part or forfeited, with the admin's reason for less than full; null until then. */
  coreOutcome: { outcome: CoreOutcome; reason: string | null } | null;
  createdAt: string;
  /** Each step taken, oldest first: the order's timeline shows them. */
  events: ReturnEventDTO[];
};

/** The fitment row a review is about, as it stood when the first return named it. */
export type FitmentReviewRowDTO = {
  make: string;
  model: string;
  yearFrom: number;
  yearTo: number;
  engine: string | null;
  subModel: string | null;
  position: string | null;
};

export type FitmentReviewDTO = {
  id: string;
  partId: string;
  partName: string;
  brand: string | null;
  /** "2016 Toyota Corolla 1.8L", as the returns named it. */
  vehicle: string;
  /** Null: no row matched the vehicle (the part's notes let it through). */
  row: FitmentReviewRowDTO | null;
  state: FitmentReviewState;
  /** The "does not fit" returns counted, oldest first. */
  returns: number;
  returnIds: string[];
  confirmations: number;
  resolution: { action: FitmentReviewAction; by: string; at: string; detail: string } | null;
  createdAt: string;
  updatedAt: string;
};

/** One line of the wrong-fit rate: "does not fit" units returned over units delivered (null: none delivered). */
export type WrongFitRateDTO = { key: string; label: string; returned: number; delivered: number; rate: number | null };
export type WrongFitRatesDTO = { parts: WrongFitRateDTO[]; brands: WrongFitRateDTO[]; vehicles: WrongFitRateDTO[] };

/** Core deposits still held (lib/returns/held-deposits.ts): per order, the cores not back yet at the deposit paid. */
export type HeldDepositLineDTO = { partId: string; partName: string; unitPrice: number; quantity: number; amount: number };
export type HeldDepositDTO = {
  orderId: string;
  orderNumber: string;
  email: string;
  deliveredAt: string | null;
  lines: HeldDepositLineDTO[];
  amount: number;
};
export type HeldDepositsDTO = { orders: HeldDepositDTO[]; cores: number; total: number };
