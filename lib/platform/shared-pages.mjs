// The pages every visitor shares. Plain JavaScript: next.config.mjs (loaded by Next.js itself) and
// the nginx configuration's renderer (scripts/cluster/nginx.ts) both read it.

/** Paths of pages with the same HTML for everyone (session parts are islands); next.config.mjs and nginx cache them. */
export const SHARED_PAGE_PATHS = [
  '',
  'parts',
  'parts/[^/]+',
  'categories/[^/]+',
  'categories/[^/]+/search',
  'blogs',
  'myPortfolio',
  'login',
  'register',
  'legal/[^/]+',
];

/** The shared pages as a next.config.mjs `source`. */
export const SHARED_PAGES_SOURCE = `/:page(${SHARED_PAGE_PATHS.join('|')})`;

/** A Cookie header with next-auth's session cookie anywhere; Next.js anchors `has` values, and nginx's `$shop_session` tests the same. */
export const SESSION_COOKIE_VALUE = '(?:.*[;\\s])?(?:__Secure-)?next-auth\\.session-token=.*';
