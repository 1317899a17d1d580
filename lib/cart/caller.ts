import 'server-only';
import { cookies } from 'next/headers';
import { NextResponse, type NextRequest } from 'next/server';
import { assertCustomer, assertSameOrigin, isSafeMethod, resolveActor, type Actor } from '@/lib/auth';
import { getViewer } from '@/lib/auth';
import { markPrivate } from '@/lib/platform/private-answers';
import { mergeGuestCart, type CartView } from './cart';
import { CART_COOKIE, clearGuestCookie, customerOwner, guestIdFrom, guestIdOf, guestOwner, newGuestId, setGuestCookie } from './identity';

/** Whose cart a call works on: a customer's (a guest cart held by this browser merged in first) or a guest's
 * signed cookie. Cookie-carried writes must come from the shop's own pages; an admin cannot buy. */
export type CartCaller = {
  owner: string;
  actor: Actor | null;
  cookie: 'set' | 'clear' | null;
  guestId: string | null;
  /** Lines of this browser's guest cart that did not fit into the account's (MAX_CART_LINES). */
  leftInGuestCart?: number;
};

export async function cartCaller(req: NextRequest): Promise<CartCaller> {
  markPrivate(req);
  const write = !isSafeMethod(req);
  const actor = await resolveActor(req);
  const guestId = guestIdOf(req);
  if (write && (actor?.via === 'session' || (!actor && guestId))) assertSameOrigin(req);
  return callerOf(actor, guestId, write);
}

/** The cart and checkout pages' caller, from cookies; a page cannot set cookies, so an emptied guest cookie goes at the next cart call. */
export async function pageCartCaller(): Promise<CartCaller> {
  const [actor, jar] = await Promise.all([getViewer(), cookies()]);
  return callerOf(actor, guestIdFrom(jar.get(CART_COOKIE)?.value), false);
}

/** Whose cart, once the caller is known (`write`: a new guest gets a cookie). */
async function callerOf(actor: Actor | null, guestId: string | null, write: boolean): Promise<CartCaller> {
  if (actor) {
    if (write) assertCustomer(actor);
    const owner = customerOwner(actor);
    if (guestId && !actor.isAdmin) {
      // The cookie goes once a request finds nothing left to merge: a guest write still on its way
      // when the cart was merged is merged by the next request, not lost behind a cleared cookie.
      const { emptied, left } = await mergeGuestCart(guestOwner(guestId), owner);
      return { owner, actor, cookie: emptied ? 'clear' : null, guestId: null, ...(left ? { leftInGuestCart: left } : {}) };
    }
    return { owner, actor, cookie: null, guestId: null };
  }
  if (guestId) return { owner: guestOwner(guestId), actor: null, cookie: null, guestId };
  // A new guest: reads see an empty cart; the first write creates it under a new cookie.
  const fresh = newGuestId();
  return { owner: guestOwner(fresh), actor: null, cookie: write ? 'set' : null, guestId: fresh };
}

/** A cart call's answer of the cart: the view, and the lines still waiting in the guest cart, if any. */
export function cartViewAnswer(caller: CartCaller, view: CartView, status = 200): NextResponse {
  return cartAnswer(caller, caller.leftInGuestCart ? { ...view, leftInGuestCart: caller.leftInGuestCart } : view, status);
}

/** The JSON answer of a cart call, with the guest cookie set or cleared as the caller needs. */
export function cartAnswer(caller: CartCaller, body: unknown, status = 200): NextResponse {
  const res = NextResponse.json(body, { status, headers: { 'Cache-Control': 'private, no-store' } });
  if (caller.cookie === 'set' && caller.guestId) setGuestCookie(res, caller.guestId);
  if (caller.cookie === 'clear') clearGuestCookie(res);
  return res;
}
