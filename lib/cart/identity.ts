import 'server-only';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { NextRequest, NextResponse } from 'next/server';
import type { Actor } from '@/lib/auth';
import { appUrl, authSecret } from '@/lib/platform/env';
import { CART_HINT_COOKIE, CART_HINT_DAYS } from './hint';

/** A cart's owner: `u:{id}` for a customer, `g:{id}` from a signed http-only cookie; a forged cookie counts as none. */
export const CART_COOKIE = 'partsmart.cart';
const COOKIE_DAYS = 60;

const sign = (guestId: string) => createHmac('sha256', authSecret()).update(`cart:${guestId}`).digest('base64url');

export function guestIdFrom(cookieValue: string | undefined): string | null {
  if (!cookieValue) return null;
  const [id, signature, extra] = cookieValue.split('.');
  if (!id || !signature || extra !== undefined || !/^[A-Za-z0-9_-]{22}$/.test(id)) return null;
  const expected = Buffer.from(sign(id));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}

export const newGuestId = () => randomBytes(16).toString('base64url');

export const customerOwner = (actor: Pick<Actor, '_id'>) => `u:${actor._id}`;
export const guestOwner = (guestId: string) => `g:${guestId}`;

/** Sets the guest's cookie on an answer (a new guest's first cart write). */
export function setGuestCookie(res: NextResponse, guestId: string): void {
  res.cookies.set(CART_COOKIE, `${guestId}.${sign(guestId)}`, {
    httpOnly: true,
    sameSite: 'lax',
    secure: appUrl().startsWith('https://'),
    path: '/',
    maxAge: COOKIE_DAYS * 24 * 60 * 60,
  });
  // The pages' islands ask for the cart only when a session or this hint says there may be one.
  res.cookies.set(CART_HINT_COOKIE, '1', { sameSite: 'lax', path: '/', maxAge: CART_HINT_DAYS * 24 * 60 * 60 });
}

/** Forgets the guest's cart on this browser (merged into the account's at sign-in). */
export function clearGuestCookie(res: NextResponse): void {
  res.cookies.set(CART_COOKIE, '', { httpOnly: true, sameSite: 'lax', path: '/', maxAge: 0 });
}

export const guestIdOf = (req: NextRequest) => guestIdFrom(req.cookies.get(CART_COOKIE)?.value);
