'use client';

import { safeCallbackUrl } from '@/lib/core/utils';

/** The login and register query, read in the browser so those pages stay static and cached. */
function pageQuery(): URLSearchParams {
  return new URLSearchParams(window.location.search);
}

/** A query's `callbackUrl` when it is a path on this shop, else home. */
export function callbackUrlOf(query: Pick<URLSearchParams, 'get'>): string {
  return safeCallbackUrl(query.get('callbackUrl'));
}

/** Where to go after signing in: the page's own `callbackUrl` when it is a path on this shop, else home. */
export function currentCallbackUrl(): string {
  return callbackUrlOf(pageQuery());
}

/** The error code a sign-in redirect put in the login page's URL (`?error=`), if any. */
export function currentSignInError(): string | undefined {
  return pageQuery().get('error') ?? undefined;
}

/** A link to an auth page that brings the visitor back to `callbackUrl` (home: no query). */
export function authHref(page: '/login' | '/register', callbackUrl: string): string {
  return callbackUrl === '/' ? page : `${page}?callbackUrl=${encodeURIComponent(callbackUrl)}`;
}
