/** A part's stored vocabulary: the model, the admin's form and the part page share it (no imports: client-safe). */

/** How a part is sold: one unit is a piece, a pair, a set or a kit (the price and the quantities count units). */
export const PART_UNITS = ['piece', 'pair', 'set', 'kit'] as const;
export type PartUnit = (typeof PART_UNITS)[number];

export const PART_POSITIONS = [
  'front',
  'rear',
  'left',
  'right',
  'front-left',
  'front-right',
  'rear-left',
  'rear-right',
  'upper',
  'lower',
] as const;
export type PartPosition = (typeof PART_POSITIONS)[number];

/** How a position reads on a part page and in the admin's form. */
export const POSITION_LABELS: Record<PartPosition, string> = {
  front: 'Front',
  rear: 'Rear',
  left: 'Left',
  right: 'Right',
  'front-left': 'Front left',
  'front-right': 'Front right',
  'rear-left': 'Rear left',
  'rear-right': 'Rear right',
  upper: 'Upper',
  lower: 'Lower',
};

/** Model years a fitment row or a vehicle may name: 1950 to next year. */
export const FIRST_MODEL_YEAR = 1950;
export const lastModelYear = (now = new Date()) => now.getUTCFullYear() + 1;

/** A part asks at most three fit questions before its badge says whether it fits (lib/catalog/fit-questions.ts). */
export const MAX_FIT_QUESTIONS = 3;
