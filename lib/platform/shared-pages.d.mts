/** Types of lib/platform/shared-pages.mjs (plain JavaScript that next.config.mjs loads too). */
export const SHARED_PAGES_SOURCE: string;
export const SESSION_COOKIE_VALUE: string;
export function isSharedPage(path: string): boolean;
export function sharedPageCookie(method: string | undefined, path: string, cookie: string | undefined): string | null | undefined;
