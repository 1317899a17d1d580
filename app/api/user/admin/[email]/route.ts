import { NextResponse } from 'next/server';
import { requireAdmin } from '@/lib/auth/caller';
import { TEXT } from '@/lib/constants';
import { route } from '@/lib/http';
import { makeAdmin } from '@/lib/users';

/** PUT /api/user/admin/{email}: makes that user an admin (admins only); answers `modifiedCount`. */
export const PUT = route<{ email: string }>(async (req, { email }) => {
  await requireAdmin(req, TEXT.notAdmin);
  return NextResponse.json(await makeAdmin(decodeURIComponent(email)));
});
