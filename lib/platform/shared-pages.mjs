// The pages every visitor shares, and what a request for one needs of its cookies. Plain JavaScript:
// next.config.mjs (loaded by Next.js itself) and scripts/serve.ts both read it.

/**
 * The shared pages' paths, as patterns of one path each (no leading slash): the same HTML for everyone,
 * the session parts being client islands. next.config.mjs gives them their Cache-Control.
 */
const SHARED_PAGE_PATHS = ['', 'parts', 'parts/[^/]+', 'categories/[^/]+', 'blogs', 'myPortfolio', 'login', 'register', 'legal/[^/]+'];

/** The shared pages as a next.config.mjs `source`. */
export const SHARED_PAGES_SOURCE = `/:page(${SHARED_PAGE_PATHS.join('|')})`;

/**
 * A Cookie header holding next-auth's session cookie (`__Secure-` on https), whatever its place: the
 * value of next.config.mjs's `has` condition, which Next.js anchors (^...$).
 */
export const SESSION_COOKIE_VALUE = '(?:.*[;\\s])?(?:__Secure-)?next-auth\\.session-token=.*';

// Next.js matches a header rule's source without regard to case.
const SHARED_PAGE = new RegExp(`^/(?:${SHARED_PAGE_PATHS.join('|')})$`, 'i');
/**
 * SESSION_COOKIE_VALUE as a search, not a match of the whole header (its leading `.*` tries every
 * place from the end): a Cookie header holds no line breaks, the one thing `.` leaves out, so both
 * hold for the same headers (tests/cache-headers.test.ts).
 */
const SESSION_COOKIE = /(?:^|[;\s])(?:__Secure-)?next-auth\.session-token=/;

/** @param {string} path a URL's path, without its query */
export function isSharedPage(path) {
  return SHARED_PAGE.test(path);
}

/**
 * The Cookie header Next.js needs for a GET or HEAD of a shared page: none, or an empty session cookie
 * when the request carried one (all the private Cache-Control rule asks). Next.js parses and copies a
 * whole Cookie header several times per request, for a page whose HTML does not depend on it: a
 * signed-in visit of a part page cost about 4% more CPU than an anonymous one (a V8 profile of each).
 * Undefined leaves the header as it is (another method, another path, no cookies).
 * @param {string | undefined} method
 * @param {string} path
 * @param {string | undefined} cookie
 * @returns {string | null | undefined}
 */
export function sharedPageCookie(method, path, cookie) {
  if (!cookie || (method !== 'GET' && method !== 'HEAD') || !isSharedPage(path)) return undefined;
  return SESSION_COOKIE.test(cookie) ? 'next-auth.session-token=' : null;
}
