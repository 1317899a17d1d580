import 'server-only';
import { cache } from 'react';
import { getServerSession } from 'next-auth';
import { authOptions } from '@/lib/auth/options';
import { findUserById, type UserDTO } from '@/lib/users';

export type Viewer = UserDTO & { isAdmin: boolean };

/** The signed-in user of this page request (once per request), with the role from the database. */
export const getViewer = cache(async (): Promise<Viewer | null> => {
  const session = await getServerSession(authOptions());
  if (!session?.user?.id) return null;
  const user = await findUserById(session.user.id);
  return user ? { ...user, isAdmin: user.role === 'admin' } : null;
});

/** Who the session says is signed in, without a database read (the navbar needs only the name). */
export const getSessionUser = cache(async (): Promise<{ id: string; email: string; name: string } | null> => {
  const session = await getServerSession(authOptions());
  return session?.user?.id ? session.user : null;
});
