import { NextResponse } from 'next/server';
import { FORGOT_PASSWORD_ANSWER, requestPasswordReset } from '@/lib/accounts';
import { otherMethods, readJson, route } from '@/lib/platform/http';
import { clientIp } from '@/lib/rate-limit';
import { forgotPasswordSchema } from '@/lib/validations/auth';

/** POST /api/password/forgot: the same answer whether or not the account exists. */
export const POST = route(async (req) => {
  const { email } = await readJson(req, forgotPasswordSchema);
  await requestPasswordReset(email, clientIp(req.headers));
  return NextResponse.json({ success: true, message: FORGOT_PASSWORD_ANSWER });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
