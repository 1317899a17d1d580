/** A path with a percent-escape that does not decode: Next.js would answer a plain-text 500, proxy.ts answers 400. */
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

/** TRACE: Next.js fails to build a Request for it and answers 500 before our code runs, so scripts/serve.ts refuses it first. */
export function isRefusedMethod(method: string | undefined): boolean {
  return method === 'TRACE';
}

/** Methods some route under /api answers; a page answers GET and HEAD (a POST only carries a server action). */
const API_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';
const PAGE_METHODS = 'GET, HEAD';

/** The 405 answer to a refused method: JSON under /api, as every API error, plain text elsewhere. */
export function refusedMethodAnswer(path: string): { body: string; contentType: string; allow: string } {
  const api = path === '/api' || path.startsWith('/api/');
  return api
    ? { body: JSON.stringify({ error: 'Method not allowed' }), contentType: 'application/json', allow: API_METHODS }
    : { body: 'Method Not Allowed', contentType: 'text/plain; charset=utf-8', allow: PAGE_METHODS };
}
