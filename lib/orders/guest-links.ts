import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { NextResponse } from 'next/server';
import { appUrl, authSecret, orderHoldMs } from '@/lib/platform/env';

/** A guest's way back to one order (issue 29): `/orders/{id}?t={order id}.{expiry}.{HMAC of id, email, expiry}`,
 * good for that order only until it expires; the id inside lets the payment calls (`X-Order-Token`) find it. */
const LINK_DAYS = 90;

const signature = (orderId: string, email: string, expires: number) =>
  // Stryker disable next-line MethodExpression: the one function makes and checks a link, so any case folding of the email works alike
  createHmac('sha256', authSecret()).update(`guest-order:${orderId}:${email.toLowerCase()}:${expires}`).digest('base64url');

export function guestOrderToken(orderId: string, email: string, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + LINK_DAYS * 24 * 60 * 60;
  return `${orderId}.${expires}.${signature(orderId, email, expires)}`;
}

/** The order a token names (not yet checked: guestTokenOpens does). */
export function guestTokenOrderId(token: string | null | undefined): string | null {
  const id = token?.split('.')[0];
  return id && /^[a-f\d]{24}$/i.test(id) ? id : null;
}

export function guestTokenOpens(token: string | null | undefined, orderId: string, email: string, now = Date.now()): boolean {
  if (!token || token.length > 200) return false;
  const [id, expiresText, given, extra] = token.split('.');
  if (id !== orderId || !expiresText || !given || extra !== undefined || !/^\d{1,12}$/.test(expiresText)) return false;
  const expires = Number(expiresText);
  if (expires * 1000 < now) return false;
  const expected = Buffer.from(signature(orderId, email, expires));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export const guestOrderPathFor = (orderId: string, token: string) => `/orders/${orderId}?t=${token}`;
export const guestOrderPath = (orderId: string, email: string) => guestOrderPathFor(orderId, guestOrderToken(orderId, email));

export const ORDER_TOKEN_HEADER = 'x-order-token';
export const guestOrderUrl = (orderId: string, email: string) => `${appUrl()}${guestOrderPath(orderId, email)}`;

/** This browser's last guest order's token (http-only, while it may be paid): the cart page offers it, so Back
 * from its payment page is no dead end. */
export const LAST_ORDER_COOKIE = 'partsmart.order';

export function rememberGuestOrder(res: NextResponse, orderId: string, email: string): void {
  res.cookies.set(LAST_ORDER_COOKIE, guestOrderToken(orderId, email), {
    httpOnly: true,
    sameSite: 'lax',
    secure: appUrl().startsWith('https://'),
    path: '/',
    maxAge: orderHoldMs(false) / 1000,
  });
}
