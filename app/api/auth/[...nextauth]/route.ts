import NextAuth from 'next-auth';
import { NextRequest, NextResponse } from 'next/server';
import { authOptions, SESSION_SECONDS } from '@/lib/auth/options';
import { TOO_MANY_SIGN_INS } from '@/lib/auth/sign-in-errors';
import { isSignedIn, SIGN_IN_BODY_LIMIT_BYTES, signInEmail, signInFailureChecks } from '@/lib/auth/sign-in-limits';
import { appUrl } from '@/lib/env';
import { AppError } from '@/lib/errors';
import { allowHeader, errorResponse, methodNotAllowed, otherMethods, readBodyBytes } from '@/lib/http';
import { nextAuthMethods } from '@/lib/auth/nextauth-methods';
import { clientIp, reserveAttempt, type Reservation } from '@/lib/rate-limit';
import { SESSION_HINT_COOKIE } from '@/lib/session-hint';

type Context = { params: Promise<{ nextauth: string[] }> };

function refused(error: unknown): Response {
  if (!(error instanceof AppError)) return errorResponse(error);
  // next-auth's client reads the error from `url`; API clients read `error` and the status.
  return errorResponse(error, { url: `${appUrl()}/login?error=TooManyAttempts` });
}

/**
 * A credentials sign-in: the counts are checked (and a place reserved) before next-auth compares the
 * password; only a failure keeps its place, so successful sign-ins never count against a limit.
 */
async function signInWithLimits(req: NextRequest, context: Context): Promise<Response> {
  let body: string;
  let attempt: Reservation | null = null;
  try {
    body = new TextDecoder().decode(await readBodyBytes(req, SIGN_IN_BODY_LIMIT_BYTES, 'The sign-in form is too large'));
    const email = signInEmail(body, req.headers.get('content-type'));
    if (email) attempt = await reserveAttempt(signInFailureChecks(email, clientIp(req.headers)), TOO_MANY_SIGN_INS);
  } catch (error) {
    return refused(error);
  }
  // next-auth reads the body again: it gets the bounded copy, never the rest of the stream.
  const bounded = new NextRequest(req.url, { method: req.method, headers: req.headers, body });
  let res: Response;
  try {
    res = await NextAuth(bounded, context, authOptions());
  } catch (error) {
    await attempt?.release();
    throw error;
  }
  if (attempt && isSignedIn(res)) await attempt.release();
  return res;
}

/** Mirrors the session cookie's arrival and removal in the session hint cookie (lib/session-hint.ts). */
function withSessionHint(res: Response): Response {
  const session = res.headers.getSetCookie().find((cookie) => /^(__Secure-)?next-auth\.session-token=/.test(cookie));
  if (!session) return res;
  const cleared = /^[^=]+=;/.test(session) || /max-age=0/i.test(session);
  const secure = appUrl().startsWith('https://') ? '; Secure' : '';
  res.headers.append('set-cookie', `${SESSION_HINT_COOKIE}=1; Path=/; SameSite=Lax; Max-Age=${cleared ? 0 : SESSION_SECONDS}${secure}`);
  return res;
}

async function handler(req: NextRequest, context: Context): Promise<Response> {
  const [action, provider] = (await context.params).nextauth ?? [];
  const methods = nextAuthMethods(action, provider);
  if (!methods) return NextResponse.json({ error: 'Not found' }, { status: 404 });
  if (!methods.includes(req.method) && !(req.method === 'HEAD' && methods.includes('GET'))) return methodNotAllowed(allowHeader(methods));
  if (req.method === 'POST' && action === 'callback' && provider === 'credentials') {
    return withSessionHint(await signInWithLimits(req, context));
  }
  return withSessionHint(await NextAuth(req, context, authOptions()));
}

export { handler as GET, handler as POST };
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET: handler, POST: handler });
