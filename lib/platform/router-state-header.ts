/**
 * The `Next-Router-State-Tree` header a client navigation sends: URL-encoded JSON of an array
 * (`encodeURIComponent(JSON.stringify(tree))`). proxy.ts refuses any other value with 400 through its
 * matcher, whose pattern is ROUTER_STATE_PATTERN spelled out (Next.js reads the matcher at build
 * time); tests/api/http/router-state-header.test.ts checks that the two agree.
 */
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
