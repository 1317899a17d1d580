/**
 * A readable cookie that only says "this browser has put something in a cart" (the cart's own cookie
 * is http-only): without it, and without a session, a page view asks nothing about a cart. Client-safe.
 */
export const CART_HINT_COOKIE = 'pm_cart_hint';
export const CART_HINT_DAYS = 60;
