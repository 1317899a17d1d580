import { NextResponse } from 'next/server';
import { registerAccount } from '@/lib/accounts';
import { otherMethods, readJson, route } from '@/lib/platform/http';
import { clientIp } from '@/lib/rate-limit';
import { registerSchema } from '@/lib/validations/auth';

/** POST /api/register: creates the account and sends the verification email; the form then signs in. */
export const POST = route(async (req) => {
  const input = await readJson(req, registerSchema);
  const user = await registerAccount(input, clientIp(req.headers));
  return NextResponse.json({ success: true, user: { email: user.email, name: user.name } }, { status: 201 });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
