/** A part as lib/ answers it (string ids, ISO dates), for the server and the browser alike: no imports. */

export type FitmentDTO = {
  make: string;
  model: string;
  yearFrom: number;
  yearTo: number;
  engine: string | null;
  notes: string | null;
  /** The position on the vehicle as the PCdb names it ("Front"), the quantity the vehicle takes, the qualifiers that decide fit. */
  /** The submodel the row is for (null: every one). */
  subModel: string | null;
  position: string | null;
  quantity: number | null;
  qualifiers: string[];
};

export type FitWarningDTO = { year: number; make: string; model: string; engine: string | null };

/** A number the part replaces, as the supplier gave it: an OE number or another brand's (issue 46). */
export type InterchangeDTO = { brand: string | null; number: string; kind: 'oe' | 'aftermarket' };
/** A line of the part's specification table. */
export type PartAttributeDTO = { name: string; value: string; uom: string | null };
/** A part of a kit, by its number and brand. */
export type KitComponentDTO = { partNumber: string; brand: string | null; quantity: number; description: string | null };

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
  /** Vehicles with two or more "does not fit" returns not yet reviewed: the badge says "Check the fit notes" for them. */
  fitWarnings: FitWarningDTO[];
  interchange: InterchangeDTO[];
  attributes: PartAttributeDTO[];
  kitComponents: KitComponentDTO[];
  availableQuantity: number;
  minimumQuantity: number;
  /** How it is sold: the price and the quantities count these. */
  unit: 'piece' | 'pair' | 'set' | 'kit';
  /** The shipping weight in kg; null: not given (shipping counts 1 kg). */
  weightKg: number | null;
  /** The core deposit per unit in dollars, paid back when the old part comes back; null: none. */
  coreCharge: number | null;
  archived: boolean;
  createdAt: string;
  updatedAt: string;
};
