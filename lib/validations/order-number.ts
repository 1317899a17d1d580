/** How order numbers are written (`PM-100234`) and typed. Client-safe (no imports). */
export const ORDER_NUMBER_PREFIX = 'PM-';

/** A number as a buyer types it: with or without `PM-` (any case, or `PM 100234`), six digits or more. */
export const TYPED_ORDER_NUMBER = /^(?:pm[-\s]?)?\d{6,}$/i;

/** The stored form of a typed order number (`pm100234`, `100234` → `PM-100234`), or null when it is not one. */
export function orderNumberOf(text: string): string | null {
  const typed = text.trim();
  return TYPED_ORDER_NUMBER.test(typed) ? `${ORDER_NUMBER_PREFIX}${typed.replace(/\D/g, '')}` : null;
}
