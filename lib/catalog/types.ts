/** A part as lib/ answers it (string ids, ISO dates), for the server and the browser alike: no imports. */

export type FitmentDTO = {
  make: string;
  model: string;
  yearFrom: number;
  yearTo: number;
  engine: string | null;
  notes: string | null;
  // What the fit questions tell rows apart by (lib/catalog/fit-questions.ts); absent when the row has none.
  subModel?: string;
  qualifiers?: Array<{ text: string }>;
};

export type PartDTO = {
  _id: string;
  name: string;
  description: string;
  price: number;
  img: string;
  category: string | null;
  brand: string | null;
  partNumber: string | null;
  oemNumbers: string[];
  position: 'front' | 'rear' | 'left' | 'right' | 'front-left' | 'front-right' | 'rear-left' | 'rear-right' | 'upper' | 'lower' | null;
  fitment: FitmentDTO[];
  availableQuantity: number;
  minimumQuantity: number;
  /** How it is sold: the price and the quantities count these. */
  unit: 'piece' | 'pair' | 'set' | 'kit';
  /** The shipping weight in kg; null: not given (shipping counts 1 kg). */
  weightKg: number | null;
  archived: boolean;
  createdAt: string;
  updatedAt: string;
};
