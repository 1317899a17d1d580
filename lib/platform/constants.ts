/**
 * Cache tags of the catalog reads; the mutations that change the data revalidate exactly these.
 * A page or list carries the tag of every part it shows; `catalog` marks every list, expired only
 * when which parts a list holds may change (a part added, archived or deleted).
 */
export const TAGS = {
  part: (id: string) => `part:${id}`,
  catalog: 'catalog',
  reviews: 'reviews',
  vehicles: 'vehicles',
} as const;

/** Where on the vehicle a part goes (optional on a part). */
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

export const HOME_PART_COUNT = 6;
export const HOME_REVIEW_COUNT = 6;
export const DESCRIPTION_PREVIEW_LENGTH = 250;
export const MAX_PAGE_SIZE = 100;
/** The longest search text; here rather than in lib/validations so the navbar's search box does not ship zod to every page. */
export const MAX_QUERY_LENGTH = 200;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const SITE_NAME = 'PartsMart';
export const SITE_DESCRIPTION =
  'Car spare parts with honest prices: brakes, filters, ignition, suspension, lighting, electrical and cooling parts, shipped worldwide.';

/** The spec's texts that more than one module shows. */
export const TEXT = {
  outOfStock: 'Out Of Stock',
  overStock: 'Sorry! please order lower or equal of available pieces',
  adminCantPurchase: "admin can't purchase",
  adminRouteDenied: "UnAuthorized Access, You can't access Admin route !!",
  notAdmin: "You're not a admin, you can't make admin anyone!!",
} as const;

/** How many vehicles a customer's garage holds. */
export const GARAGE_SIZE = 10;

/** How many addresses a customer's address book holds. */
export const ADDRESS_BOOK_SIZE = 20;
