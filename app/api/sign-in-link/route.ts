import { NextResponse } from 'next/server';
import { requestSignInLink, SIGN_IN_LINK_SENT } from '@/lib/auth';
import { otherMethods, readJson, route } from '@/lib/platform/http';
import { clientIp } from '@/lib/rate-limit';
import { signInLinkSchema } from '@/lib/validations/auth';

/** POST /api/sign-in-link `{ email }`: mails a one-time sign-in link; the same answer whether or not the account exists. */
export const POST = route(async (req) => {
  const { email } = await readJson(req, signInLinkSchema);
  await requestSignInLink(email, clientIp(req.headers));
  return NextResponse.json({ success: true, message: SIGN_IN_LINK_SENT });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
