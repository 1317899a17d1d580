import { NextResponse } from 'next/server';
import { assertSelfOrAdmin, requireCaller } from '@/lib/auth/caller';
import { route } from '@/lib/http';
import { findUserByEmail } from '@/lib/users';

/** GET /api/admin/{email}: `{ admin }`, for the caller's own email (admins may ask about anyone). */
export const GET = route<{ email: string }>(async (req, { email }) => {
  const caller = await requireCaller(req);
  const target = decodeURIComponent(email).toLowerCase();
  assertSelfOrAdmin(caller, target);
  const user = target === caller.email ? caller : await findUserByEmail(target);
  return NextResponse.json({ admin: user?.role === 'admin' });
});
