import NextAuth from 'next-auth';
import type { NextRequest } from 'next/server';
import { authOptions } from '@/lib/auth/options';
import { TOO_MANY_SIGN_INS } from '@/lib/auth/sign-in-errors';
import { appUrl } from '@/lib/env';
import { AppError } from '@/lib/errors';
import { errorResponse } from '@/lib/http';
import { clientIp, enforceLimits, LIMITS, type Limit } from '@/lib/rate-limit';

type Context = { params: Promise<{ nextauth: string[] }> };

/** Sign-in attempts are limited per address and per email before next-auth sees them. */
async function limitSignIn(req: NextRequest): Promise<Response | null> {
  const form = await req
    .clone()
    .formData()
    .catch(() => null);
  const email = String(form?.get('email') ?? '')
    .trim()
    .toLowerCase();
  try {
    const checks: Array<[string, Limit]> = [[`signin:ip:${clientIp(req.headers)}`, LIMITS.signInPerIp]];
    if (email) checks.push([`signin:email:${email}`, LIMITS.signInPerEmail]);
    await enforceLimits(checks, TOO_MANY_SIGN_INS);
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) return errorResponse(error);
    // next-auth's client reads the error from `url`; API clients read `error` and the status.
    return errorResponse(error, { url: `${appUrl()}/login?error=TooManyAttempts` });
  }
}

async function handler(req: NextRequest, context: Context): Promise<Response> {
  const [action, provider] = (await context.params).nextauth ?? [];
  if (req.method === 'POST' && action === 'callback' && provider === 'credentials') {
    const refused = await limitSignIn(req);
    if (refused) return refused;
  }
  return NextAuth(req, context, authOptions());
}

export { handler as GET, handler as POST };
