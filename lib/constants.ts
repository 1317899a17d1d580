/** Cache tags of the catalog reads; the mutations that change the data revalidate exactly these. */
export const TAGS = {
  parts: 'parts',
  part: (id: string) => `part:${id}`,
  reviews: 'reviews',
} as const;

export const HOME_PART_COUNT = 6;
export const HOME_REVIEW_COUNT = 6;
export const DESCRIPTION_PREVIEW_LENGTH = 250;
export const MAX_PAGE_SIZE = 100;
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
