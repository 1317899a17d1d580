import 'server-only';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { getServerSession } from 'next-auth';
import { authOptions } from '@/lib/auth/options';
import { findUserById, type UserDTO } from '@/lib/users';

export type Viewer = UserDTO & { isAdmin: boolean };

/** Who the session says is signed in, without a database read (the navbar needs only the name). */
export const getSessionUser = cache(async (): Promise<{ id: string; email: string; name: string; sessionVersion: number } | null> => {
  const session = await getServerSession(authOptions());
  return session?.user?.id ? session.user : null;
});

/** The signed-in user of this page request (once per request), with the role from the database. */
export const getViewer = cache(async (): Promise<Viewer | null> => {
  const session = await getSessionUser();
  if (!session) return null;
  const user = await findUserById(session.id);
  if (!user || user.sessionVersion !== session.sessionVersion) return null;
  return { ...user, isAdmin: user.role === 'admin' };
});

/** The signed-in user of a dashboard page; anyone else goes to /login (proxy.ts only redirects early). */
export async function requireViewer(returnTo: string): Promise<Viewer> {
  const viewer = await getViewer();
  if (!viewer) redirect(`/login?callbackUrl=${encodeURIComponent(returnTo)}`);
  return viewer;
}

/** An admin page's viewer, or null when the signed-in user is not an admin (the page renders AdminDenied). */
export async function getAdminViewer(returnTo: string): Promise<Viewer | null> {
  const viewer = await requireViewer(returnTo);
  return viewer.isAdmin ? viewer : null;
}
