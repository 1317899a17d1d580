import { NextResponse } from 'next/server';
import { API_TOKEN_SECONDS, issueApiToken } from '@/lib/auth';
import { assertSelfOrAdmin, requireActor } from '@/lib/auth';
import { ForbiddenError } from '@/lib/core/errors';
import { otherMethods, route } from '@/lib/platform/http';

/** PUT /api/user/{email}: a short-lived bearer token for the actor's own account. */
export const PUT = route<{ email: string }>(async (req, { email }) => {
  const actor = await requireActor(req);
  // A token minting tokens would let a stolen one live for ever: only the session cookie gets one.
  if (actor.via !== 'session') throw new ForbiddenError('Only a signed-in session can get a token, not a bearer token');
  assertSelfOrAdmin(actor, email, { adminAllowed: false });
  const token = await issueApiToken({ id: actor._id, email: actor.email, sessionVersion: actor.sessionVersion });
  return NextResponse.json({ token, expiresIn: API_TOKEN_SECONDS });
});

export const { GET, POST, PATCH, DELETE, OPTIONS } = otherMethods({ PUT });
