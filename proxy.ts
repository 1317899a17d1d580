import { NextResponse, type NextRequest } from 'next/server';
import { getToken } from 'next-auth/jwt';
import { PATHNAME_HEADER } from '@/lib/auth/private-page-header';
import { narrowedPage } from '@/lib/catalog/url';
import { authSecret } from '@/lib/platform/env';
import { hasMalformedPath, malformedPathAnswer } from '@/lib/platform/request-path';

/** The build's files and public/'s (the ones a method other than GET or HEAD gets 405 on). */
const STATIC_FILE = /^\/(?:_next\/static\/|images\/|logo\.svg$)/;
const METHOD_NOT_ALLOWED = () => new NextResponse(null, { status: 405, headers: { allow: 'GET, HEAD' } });

// On matched paths: 400 for bad escapes, 405 for static files' other methods, narrowed catalog pages by key, dashboard login redirect.
// Pages, route handlers and actions check the caller again (CVE-2025-29927); next.config.mjs refuses bad Next-Router-State-Tree.
export async function proxy(req: NextRequest) {
  const { pathname } = req.nextUrl;
  if (hasMalformedPath(pathname)) {
    const { body, contentType } = malformedPathAnswer(pathname);
    return new NextResponse(body, { status: 400, headers: { 'content-type': contentType } });
  }
  if (STATIC_FILE.test(pathname)) {
    if (req.method === 'GET' || req.method === 'HEAD') return NextResponse.next();
    return METHOD_NOT_ALLOWED();
  }
  if (pathname.startsWith('/dashboard/') || pathname === '/dashboard') return guardDashboard(req);
  const reading = req.method === 'GET' || req.method === 'HEAD';
  const narrowed = narrowedPage(pathname, req.nextUrl.searchParams);
  if (narrowed && !reading) return METHOD_NOT_ALLOWED();
  // The query rides along: Next.js checks a client navigation's own field (`_rsc`) on the page it serves.
  if (narrowed && 'rewrite' in narrowed) return NextResponse.rewrite(new URL(`${narrowed.rewrite}${req.nextUrl.search}`, req.url));
  if (narrowed) return NextResponse.redirect(new URL(narrowed.redirect, req.url), 308);
  // A well-formed percent-escape came through the first matcher: nothing to refuse.
  return NextResponse.next();
}

async function guardDashboard(req: NextRequest) {
  const token = await getToken({ req, secret: authSecret() });
  if (token) {
    // A page with an id names a record this viewer cannot open (someone else's, or none): 404 before
    // anything is sent. Under Cache Components the page's shell would go out first, with a 200.
    const { mayOpenPrivatePage, namesPrivateRecord } = await import('@/lib/proxy/private-pages');
    if (namesPrivateRecord(req.nextUrl.pathname)) {
      const { resolveActor } = await import('@/lib/auth/policy');
      const actor = await resolveActor(req);
      if (actor && !(await mayOpenPrivatePage(actor, req.nextUrl.pathname))) {
        return NextResponse.rewrite(new URL('/dashboard/not-found', req.url), { status: 404 });
      }
    }
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
    // Paths holding a `%` (matched before decoding), the static files (STATIC_FILE), and the dashboard.
    '/:path(.*%.*)',
    '/_next/static/:path*',
    '/images/:path*',
    '/logo.svg',
    '/dashboard/:path*',
    // The narrowed catalog pages, client navigations included.
    '/parts/search',
    '/categories/:slug/search',
  ],
};
