/**
 * The `Next-Router-State-Tree` header a client navigation sends: URL-encoded JSON of an array. Anything
 * else is refused by proxy.ts (Next.js answered 500 to it). Edge-safe: no imports.
 */
export const ROUTER_STATE_HEADER = 'next-router-state-tree';

export function isRouterStateTree(value: string): boolean {
  try {
    return Array.isArray(JSON.parse(decodeURIComponent(value)));
  } catch {
    return false;
  }
}
