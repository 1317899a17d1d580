export const SITE_NAME = 'PartsMart';
export const SITE_DESCRIPTION =
  'Car spare parts with honest prices: brakes, filters, ignition, suspension, lighting, electrical and cooling parts, shipped worldwide.';

/** The longest search text; here rather than in lib/validations so the navbar's search box does not ship zod to every page. */
export const MAX_QUERY_LENGTH = 200;
