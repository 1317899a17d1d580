/**
 * A path (not the query) with a percent-escape that does not decode, such as `%E0%A4%A` or `%zz`:
 * Next.js would answer it with a plain-text 500; proxy.ts answers 400 instead.
 */
export function hasMalformedPath(path: string): boolean {
  if (!path.includes('%')) return false;
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}

export const MALFORMED_URL = 'Malformed URL';

/** The 400 answer to a malformed path: JSON under /api, a short page elsewhere. */
export function malformedPathAnswer(path: string): { body: string; contentType: string } {
  const api = path === '/api' || path.startsWith('/api/');
  return api
    ? { body: JSON.stringify({ error: MALFORMED_URL }), contentType: 'application/json' }
    : {
        body:
          '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bad request</title></head>' +
          '<body><h1>Bad request</h1><p>The address of this page is malformed.</p><p><a href="/">Go to the home page</a></p></body></html>',
        contentType: 'text/html; charset=utf-8',
      };
}
