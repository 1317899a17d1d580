import { NextResponse } from 'next/server';

/** Any path under /api that no route claims: JSON 404 for every method, never the HTML not-found page. */
async function notFound(): Promise<Response> {
  return NextResponse.json({ error: 'Not found' }, { status: 404, headers: { 'Cache-Control': 'no-store' } });
}

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE, notFound as OPTIONS };
