import type { SavedDestination } from '@/lib/cart/destination';
import type { VehicleChoice } from '@/lib/catalog/fitment';
import type { FitmentDTO } from '@/lib/catalog/types';

/** A proposed part's fitment row for the vehicle: the row as the part's API gives it (the fit questions read it). */
export type ProposedFitRow = FitmentDTO;

/** The jobs proposed for a vehicle, as GET /api/kits answers them: for the server and the browser alike. */

export type ProposedPart = {
  _id: string;
  name: string;
  brand: string | null;
  partNumber: string | null;
  img: string | null;
  unit: string;
  price: number;
  fit: 'fits' | 'check';
  /** The part's rows for the vehicle: when they differ, the kit asks the part page's fit questions. */
  fitment: ProposedFitRow[];
};

export type ProposedLine = {
  label: string;
  quantity: number;
  part: ProposedPart | null;
  lineTotal: number;
  /** Why the line has no part: none fits the vehicle there, or none that fits is in stock. */
  missing: 'no-fitting-part' | 'out-of-stock' | null;
};

export type ProposedKit = {
  _id: string;
  name: string;
  lines: ProposedLine[];
  /** Every line has a part. */
  complete: boolean;
  goods: number;
  /** The cheapest shipping to the destination and its tax; null without a destination, or one the shop does not ship to. */
  shipping: number | null;
  tax: number | null;
  total: number;
  note: string | null;
};

export type KitsAnswer = { vehicle: VehicleChoice; destination: SavedDestination | null; kits: ProposedKit[] };
