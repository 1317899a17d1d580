/** The client navigation header, URL-encoded JSON of an array; proxy.ts's matcher spells out ROUTER_STATE_PATTERN (read at build time),
 * and a test checks the two agree. */
export const ROUTER_STATE_HEADER = 'next-router-state-tree';

/** What a well-formed header looks like: `%5B`, URL-safe characters and percent-escapes, `%5D`. */
export const ROUTER_STATE_PATTERN = "%5B(?:[A-Za-z0-9._~!*'()-]|%[0-9A-Fa-f]{2})*%5D";

/** True when the value is URL-encoded JSON of an array. */
export function isRouterStateTree(value: string): boolean {
  if (!new RegExp(`^${ROUTER_STATE_PATTERN}$`).test(value)) return false;
  try {
    return Array.isArray(JSON.parse(decodeURIComponent(value)));
  } catch {
    return false;
  }
}
