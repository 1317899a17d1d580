import { NextResponse } from 'next/server';
import { assertSelfOrAdmin, requireActor } from '@/lib/auth';
import { otherMethods, route } from '@/lib/platform/http';
import { findUserByEmail } from '@/lib/auth';

/** GET /api/admin/{email}: `{ admin }`, for the actor's own email (admins may ask about anyone). */
export const GET = route<{ email: string }>(async (req, { email }) => {
  const actor = await requireActor(req);
  const target = email.toLowerCase();
  assertSelfOrAdmin(actor, target);
  const user = target === actor.email ? actor : await findUserByEmail(target);
  return NextResponse.json({ admin: user?.role === 'admin' });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
