/** Malformed `Next-Router-State-Tree` headers are rewritten here (next.config.mjs) for a 400 before Next.js parses them. */
function refuse(): Response {
  return new Response('Malformed Next-Router-State-Tree header', {
    status: 400,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

export { refuse as GET, refuse as HEAD, refuse as POST, refuse as PUT, refuse as PATCH, refuse as DELETE, refuse as OPTIONS };
