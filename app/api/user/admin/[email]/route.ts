import { NextResponse } from 'next/server';
import { makeAdmin, revokeAdmin } from '@/lib/accounts';
import { requireActor } from '@/lib/auth';
import { otherMethods, route } from '@/lib/platform/http';

/** PUT /api/user/admin/{email}: makes that user an admin (admins only); answers `modifiedCount`. */
export const PUT = route<{ email: string }>(async (req, { email }) => NextResponse.json(await makeAdmin(await requireActor(req), email)));

/** DELETE /api/user/admin/{email}: takes the admin role away (admins only; never oneself or the last admin, 409). */
export const DELETE = route<{ email: string }>(async (req, { email }) =>
  NextResponse.json(await revokeAdmin(await requireActor(req), email)),
);

export const { GET, POST, PATCH, OPTIONS } = otherMethods({ PUT, DELETE });
