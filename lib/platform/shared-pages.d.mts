/** Types of lib/platform/shared-pages.mjs (plain JavaScript that next.config.mjs loads too). */
export const SHARED_PAGE_PATHS: string[];
export const SHARED_PAGES_SOURCE: string;
export const SESSION_COOKIE_VALUE: string;
