import { NextResponse } from 'next/server';
import { resendVerificationEmail } from '@/lib/accounts';
import { requireCaller } from '@/lib/auth/caller';
import { route } from '@/lib/http';

/** POST /api/verify-email/resend: a new verification email for the signed-in, unverified user. */
export const POST = route(async (req) => {
  const caller = await requireCaller(req);
  await resendVerificationEmail(caller);
  return NextResponse.json({ success: true, message: `Verification email sent to ${caller.email}` });
});
