// The pages every visitor shares. Plain JavaScript: next.config.mjs (loaded by Next.js itself) and
// the nginx configuration's renderer (scripts/cluster/nginx.ts) both read it.

/**
 * The shared pages' paths, as patterns of one path each (no leading slash): the same HTML for everyone,
 * the session parts being client islands. next.config.mjs gives them their Cache-Control; nginx
 * (deploy/front.conf) keeps them for a second.
 */
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

/**
 * A Cookie header holding next-auth's session cookie (`__Secure-` on https), whatever its place: the
 * value of next.config.mjs's `has` condition, which Next.js anchors (^...$). deploy/nginx.conf's
 * `$shop_session` tests the same.
 */
export const SESSION_COOKIE_VALUE = '(?:.*[;\\s])?(?:__Secure-)?next-auth\\.session-token=.*';
