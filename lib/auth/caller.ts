import type { NextRequest } from 'next/server';
import { getToken } from 'next-auth/jwt';
import { verifyApiToken } from '@/lib/auth/api-token';
import { appUrl, authSecret } from '@/lib/env';
import { ForbiddenError, UnauthorizedError } from '@/lib/errors';
import { findUserById, type UserDTO } from '@/lib/users';

/** Who is calling, read from the request itself (session cookie or bearer token) and the database. */
export type Caller = UserDTO & { isAdmin: boolean; via: 'session' | 'bearer' };

export const SESSION_EXPIRED = 'Your session has expired, please sign in again';

export async function getCaller(req: NextRequest): Promise<Caller | null> {
  const authorization = req.headers.get('authorization');
  let userId: string | undefined;
  let version: number;
  let via: Caller['via'];
  if (authorization?.toLowerCase().startsWith('bearer ')) {
    const claims = await verifyApiToken(authorization.slice(7).trim());
    if (!claims) return null;
    userId = claims.sub;
    version = claims.sv;
    via = 'bearer';
  } else {
    const token = await getToken({ req, secret: authSecret() });
    if (!token?.sub) return null;
    userId = token.sub;
    version = typeof token.sv === 'number' ? token.sv : 0;
    via = 'session';
  }
  // The current role comes from the database on every request, so a change applies at once.
  const user = await findUserById(userId);
  if (!user || user.sessionVersion !== version) return null;
  return { ...user, isAdmin: user.role === 'admin', via };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A state-changing request carried by the session cookie must come from the shop's own pages. */
export function assertSameOrigin(req: NextRequest): void {
  const origin = req.headers.get('origin');
  const allowed = new Set([new URL(appUrl()).origin, req.nextUrl.origin]);
  if (!origin || !allowed.has(origin)) throw new ForbiddenError('Cross-site request refused');
}

/** The signed-in caller, or 401. Cookie-authenticated writes are also checked for their origin. */
export async function requireCaller(req: NextRequest): Promise<Caller> {
  const caller = await getCaller(req);
  if (!caller) throw new UnauthorizedError(SESSION_EXPIRED);
  if (caller.via === 'session' && !SAFE_METHODS.has(req.method)) assertSameOrigin(req);
  return caller;
}

export async function requireAdmin(req: NextRequest, message = 'Admins only'): Promise<Caller> {
  const caller = await requireCaller(req);
  if (!caller.isAdmin) throw new ForbiddenError(message);
  return caller;
}

/** The caller acting on `email`'s own data: that user, or an admin when admins are allowed. */
export function assertSelfOrAdmin(caller: Caller, email: string, { adminAllowed = true } = {}): void {
  if (caller.email === email.toLowerCase()) return;
  if (adminAllowed && caller.isAdmin) return;
  throw new ForbiddenError('You can only access your own account');
}
