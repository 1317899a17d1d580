import { NextResponse } from 'next/server';
import { API_TOKEN_SECONDS, issueApiToken } from '@/lib/auth/api-token';
import { assertSelfOrAdmin, requireCaller } from '@/lib/auth/caller';
import { route } from '@/lib/http';

/** PUT /api/user/{email}: a short-lived bearer token for the caller's own account. */
export const PUT = route<{ email: string }>(async (req, { email }) => {
  const caller = await requireCaller(req);
  assertSelfOrAdmin(caller, decodeURIComponent(email), { adminAllowed: false });
  const token = await issueApiToken({ id: caller._id, email: caller.email, sessionVersion: caller.sessionVersion });
  return NextResponse.json({ token, expiresIn: API_TOKEN_SECONDS });
});
