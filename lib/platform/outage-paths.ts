/**
 * The public pages that read the database (the catalog's and the reviews'), as one pattern: proxy.ts
 * answers them with a 503 page while the database is unreachable and the cache has no copy (lib/platform/outage.ts).
 * A narrowed catalog page (`…/search?…`) is checked on the page of its key before this pattern is tried.
 */
export const DATABASE_PAGE = /^\/(?:parts|parts\/[^/]+|categories\/[^/]+|blogs)?$/;

/** Seconds a visitor or crawler is asked to wait before trying again, as the API's 503 (lib/platform/http.ts). */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;
