import { NextResponse, type NextRequest } from 'next/server';
import { getToken } from 'next-auth/jwt';
import { authSecret } from '@/lib/platform/env';
import { hasMalformedPath, malformedPathAnswer } from '@/lib/platform/request-path';

/** The build's files and public/'s (the ones a method other than GET or HEAD gets 405 on). */
const STATIC_FILE = /^\/(?:_next\/static\/|images\/|logo\.svg$)/;

/**
 * Before Next.js routes a request (only on the paths of `config.matcher`):
 * - a path with a malformed percent-escape answers 400 (Next.js would answer a plain-text 500);
 * - another method than GET or HEAD on a static file answers 405 (Next.js would answer 500);
 * - the dashboard's early redirect: a visitor opening it goes to /login, remembering the page. Every
 *   page, route handler and action checks the caller again on the server (CVE-2025-29927).
 */
export async function proxy(req: NextRequest) {
  const { pathname } = req.nextUrl;
  if (hasMalformedPath(pathname)) {
    const { body, contentType } = malformedPathAnswer(pathname);
    return new NextResponse(body, { status: 400, headers: { 'content-type': contentType } });
  }
  if (STATIC_FILE.test(pathname)) {
    if (req.method === 'GET' || req.method === 'HEAD') return NextResponse.next();
    return new NextResponse(null, { status: 405, headers: { allow: 'GET, HEAD' } });
  }
  if (!pathname.startsWith('/dashboard/') && pathname !== '/dashboard') return NextResponse.next();
  const token = await getToken({ req, secret: authSecret() });
  if (token) return NextResponse.next();
  const login = new URL('/login', req.url);
  login.searchParams.set('callbackUrl', `${pathname}${req.nextUrl.search}`);
  return NextResponse.redirect(login);
}

// Paths holding a `%` (matched before decoding), the static files (STATIC_FILE), and the dashboard.
export const config = { matcher: ['/:path(.*%.*)', '/_next/static/:path*', '/images/:path*', '/logo.svg', '/dashboard/:path*'] };
