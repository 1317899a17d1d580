import { NextResponse } from 'next/server';
import { resendVerificationEmail } from '@/lib/accounts';
import { requireActor } from '@/lib/auth';
import { otherMethods, route } from '@/lib/platform/http';

/** POST /api/verify-email/resend: a new verification email for the signed-in, unverified user. */
export const POST = route(async (req) => {
  const actor = await requireActor(req);
  await resendVerificationEmail(actor);
  return NextResponse.json({ success: true, message: `Verification email sent to ${actor.email}` });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
