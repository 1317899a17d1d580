import { NextResponse, type NextRequest } from 'next/server';
import { getToken } from 'next-auth/jwt';
import { authSecret } from '@/lib/platform/env';

/**
 * Early redirect only: a visitor opening the dashboard goes to /login, remembering the page.
 * Every page, route handler and action checks the caller again on the server (CVE-2025-29927).
 */
export async function proxy(req: NextRequest) {
  const token = await getToken({ req, secret: authSecret() });
  if (token) return NextResponse.next();
  const login = new URL('/login', req.url);
  login.searchParams.set('callbackUrl', `${req.nextUrl.pathname}${req.nextUrl.search}`);
  return NextResponse.redirect(login);
}

export const config = { matcher: ['/dashboard/:path*'] };
