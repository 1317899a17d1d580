import 'server-only';
import { cookies } from 'next/headers';
import { cache } from 'react';
import { decode } from 'next-auth/jwt';
import { actorFromClaims, type Actor } from '@/lib/auth/policy';
import { appUrl, authSecret } from '@/lib/platform/env';

/** The actor of a page request: dashboard pages read the session cookie themselves (no request object). */
export type Viewer = Actor;

/** next-auth's cookie name: the `__Secure-` prefix when the shop is served over https. */
function sessionCookieName(): string {
  return appUrl().startsWith('https://') ? '__Secure-next-auth.session-token' : 'next-auth.session-token';
}

/** The signed-in user of this page request (once per request), with the role from the database. */
export const getViewer = cache(async (): Promise<Viewer | null> => {
  const token = (await cookies()).get(sessionCookieName())?.value;
  if (!token) return null;
  const claims = await decode({ token, secret: authSecret() }).catch(() => null);
  if (!claims?.sub) return null;
  return actorFromClaims({ sub: claims.sub, sv: typeof claims.sv === 'number' ? claims.sv : 0 }, 'session');
});

/** The signed-in user of a dashboard page; anyone else goes to /login (proxy.ts only redirects early). */
export async function requireViewer(returnTo: string): Promise<Viewer> {
  const viewer = await getViewer();
  if (viewer) return viewer;
  // Loaded here: next/navigation needs Next's bundling, and scripts load this module through lib/auth.
  const { redirect } = await import('next/navigation');
  return redirect(`/login?callbackUrl=${encodeURIComponent(returnTo)}`);
}

/** An admin page's viewer, or null when the signed-in user is not an admin (the page renders AdminDenied). */
export async function getAdminViewer(returnTo: string): Promise<Viewer | null> {
  const viewer = await requireViewer(returnTo);
  return viewer.isAdmin ? viewer : null;
}
