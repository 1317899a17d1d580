import { NextResponse } from 'next/server';
import { resetPassword } from '@/lib/accounts';
import { otherMethods, readJson, route } from '@/lib/platform/http';
import { clientIp } from '@/lib/rate-limit';
import { resetPasswordSchema } from '@/lib/validations/auth';

/** POST /api/password/reset: sets a new password with the emailed single-use token. */
export const POST = route(async (req) => {
  const input = await readJson(req, resetPasswordSchema);
  await resetPassword(input, clientIp(req.headers));
  return NextResponse.json({ success: true, message: 'Your password was changed, please log in' });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
