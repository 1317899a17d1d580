/** Readable "this browser has a cart" flag (the cart cookie is http-only), so page views without it ask nothing. Client-safe. */
export const CART_HINT_COOKIE = 'pm_cart_hint';
export const CART_HINT_DAYS = 60;
