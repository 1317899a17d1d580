import { NextResponse, type NextRequest } from 'next/server';
import { getToken } from 'next-auth/jwt';
import { PATHNAME_HEADER } from '@/lib/auth/private-page-header';
import { authSecret } from '@/lib/env';

/**
 * Runs for the dashboard and, elsewhere, only for a request whose `Next-Router-State-Tree` header is
 * malformed (see the matcher), so an ordinary page request never reaches it.
 * - A malformed router state header is refused with 400 before Next.js parses it (it answered 500).
 *   Next.js hides its router headers from the proxy's request, so the matcher, which sees the request
 *   as it came, decides: outside the dashboard the proxy runs for nothing else.
 * - Early redirect only: a visitor opening the dashboard goes to /login, remembering the page. Every
 *   page, route handler and action checks the caller again on the server (CVE-2025-29927).
 */
export async function proxy(req: NextRequest) {
  if (!req.nextUrl.pathname.startsWith('/dashboard')) {
    return new NextResponse('Malformed Next-Router-State-Tree header', {
      status: 400,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }
  const token = await getToken({ req, secret: authSecret() });
  if (token) {
    const headers = new Headers(req.headers);
    headers.set(PATHNAME_HEADER, req.nextUrl.pathname);
    return NextResponse.next({ request: { headers } });
  }
  const login = new URL('/login', req.url);
  login.searchParams.set('callbackUrl', `${req.nextUrl.pathname}${req.nextUrl.search}`);
  return NextResponse.redirect(login);
}

export const config = {
  matcher: [
    '/dashboard/:path*',
    {
      source: '/((?!api/|_next/static/|_next/image|uploads/|dashboard).*)',
      // A header that is not URL-encoded JSON of an array: `%5B`, URL-safe characters and well-formed
      // percent-escapes, `%5D` (lib/router-state-header.ts; spelled out, Next.js reads it at build time).
      has: [{ type: 'header', key: 'next-router-state-tree', value: "^(?!%5B(?:[A-Za-z0-9._~!*'()-]|%[0-9A-Fa-f]{2})*%5D$).*$" }],
    },
  ],
};
