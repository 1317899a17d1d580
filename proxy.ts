import { NextResponse, type NextRequest } from 'next/server';
import { getToken } from 'next-auth/jwt';
import { PATHNAME_HEADER } from '@/lib/auth/private-page-header';
import { isRouterStateTree, ROUTER_STATE_HEADER } from '@/lib/router-state-header';
import { authSecret } from '@/lib/env';

/**
 * Runs for the dashboard and, elsewhere, only for requests that carry a router state header (client
 * navigations and prefetches; see the matcher), so an ordinary page request never reaches it.
 * - A malformed `Next-Router-State-Tree` is refused with 400 before Next.js parses it.
 * - Early redirect only: a visitor opening the dashboard goes to /login, remembering the page. Every
 *   page, route handler and action checks the caller again on the server (CVE-2025-29927).
 */
export async function proxy(req: NextRequest) {
  const tree = req.headers.get(ROUTER_STATE_HEADER);
  if (tree !== null && !isRouterStateTree(tree)) {
    return new NextResponse('Malformed Next-Router-State-Tree header', {
      status: 400,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }
  if (!req.nextUrl.pathname.startsWith('/dashboard')) return NextResponse.next();
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
      // ROUTER_STATE_HEADER, spelled out: Next.js reads this object at build time.
      has: [{ type: 'header', key: 'next-router-state-tree' }],
    },
  ],
};
