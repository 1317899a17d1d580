import 'server-only';
import type { NextRequest } from 'next/server';
import { getToken } from 'next-auth/jwt';
import { verifyApiToken } from '@/lib/auth/api-token';
import { TEXT } from '@/lib/core/texts';
import { appUrl, authSecret } from '@/lib/platform/env';
import { ForbiddenError, UnauthorizedError } from '@/lib/core/errors';
import { markPrivate } from '@/lib/platform/private-answers';
import { findUserById, type UserDTO } from './users';

/** The access policy (DESIGN.md section 5): who is calling and the checks guarded lib/ functions ask for. */
export type Actor = UserDTO & {
  isAdmin: boolean;
  via: 'session' | 'bearer' | 'order-link';
  /** A guest holding an order's signed link acts on that order only (lib/orders/access.ts). */
  orderScope?: string;
};

export const SESSION_EXPIRED = 'Your session has expired, please sign in again';
export const ADMINS_ONLY = 'Admins only';

/** The user behind verified claims, role read on every request so a change applies at once; null when the account or session ended. */
export async function actorFromClaims(claims: { sub: string; sv: number }, via: Actor['via']): Promise<Actor | null> {
  const user = await findUserById(claims.sub);
  if (!user || user.sessionVersion !== claims.sv) return null;
  return { ...user, isAdmin: user.role === 'admin', via };
}

/** Who is calling, from the request's bearer token or session cookie. */
export async function resolveActor(req: NextRequest): Promise<Actor | null> {
  markPrivate(req);
  const authorization = req.headers.get('authorization');
  if (authorization?.toLowerCase().startsWith('bearer ')) {
    const claims = await verifyApiToken(authorization.slice(7).trim());
    return claims ? actorFromClaims(claims, 'bearer') : null;
  }
  const token = await getToken({ req, secret: authSecret() });
  if (!token?.sub) return null;
  return actorFromClaims({ sub: token.sub, sv: typeof token.sv === 'number' ? token.sv : 0 }, 'session');
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A read: no Origin check, no cart or order written. */
export const isSafeMethod = (req: Pick<NextRequest, 'method'>) => SAFE_METHODS.has(req.method);

/** A write carried by the session cookie must come from the shop's own pages (bearer tokens carry no cookie). */
export function assertWriteOrigin(req: NextRequest, actor: Pick<Actor, 'via'>): void {
  if (actor.via === 'session' && !isSafeMethod(req)) assertSameOrigin(req);
}

/** A cookie-carried state change must have NEXTAUTH_URL's Origin; a direct client can name the listening address. */
export function assertSameOrigin(req: NextRequest): void {
  if (!isSameOrigin(req)) throw new ForbiddenError('Cross-site request refused');
}

/** Whether the request's Origin is the shop's own (NEXTAUTH_URL's). */
export function isSameOrigin(req: NextRequest): boolean {
  const origin = req.headers.get('origin');
  return Boolean(origin) && origin === new URL(appUrl()).origin;
}

/** The signed-in caller, or 401. Cookie-authenticated writes are also checked for their origin. */
export async function requireActor(req: NextRequest): Promise<Actor> {
  const actor = await resolveActor(req);
  if (!actor) throw new UnauthorizedError(SESSION_EXPIRED);
  assertWriteOrigin(req, actor);
  return actor;
}

/** The signed-in admin, or 401/403 (with `message` as the refusal). */
export async function requireAdmin(req: NextRequest, message = ADMINS_ONLY): Promise<Actor> {
  const actor = await requireActor(req);
  assertAdmin(actor, message);
  return actor;
}

export function assertAdmin(actor: Pick<Actor, 'isAdmin'>, message = ADMINS_ONLY): void {
  if (!actor.isAdmin) throw new ForbiddenError(message);
}

/** Customers only: an admin is refused (buying, paying and reviewing are a customer's acts). */
export function assertCustomer(actor: Pick<Actor, 'isAdmin'>, message: string = TEXT.adminCantPurchase): void {
  if (actor.isAdmin) throw new ForbiddenError(message);
}

/** The actor acting on `email`'s own data: that user, or an admin when admins are allowed. */
export function assertSelfOrAdmin(
  actor: Pick<Actor, 'email' | 'isAdmin'>,
  email: string,
  { adminAllowed = true, message = 'You can only access your own account' } = {},
): void {
  if (actor.email === email.trim().toLowerCase()) return;
  if (adminAllowed && actor.isAdmin) return;
  throw new ForbiddenError(message);
}

/** True when the actor may see a record owned by `ownerEmail` (its owner or an admin). */
export function canSee(actor: Pick<Actor, 'email' | 'isAdmin'>, ownerEmail: string): boolean {
  return actor.isAdmin || actor.email === ownerEmail.toLowerCase();
}
