/**
 * Where next.config.mjs rewrites a request whose `Next-Router-State-Tree` header is malformed (not
 * URL-encoded JSON of an array: lib/platform/router-state-header.ts): 400 before Next.js parses it (it answered 500).
 */
function refuse(): Response {
  return new Response('Malformed Next-Router-State-Tree header', {
    status: 400,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

export { refuse as GET, refuse as HEAD, refuse as POST, refuse as PUT, refuse as PATCH, refuse as DELETE, refuse as OPTIONS };
