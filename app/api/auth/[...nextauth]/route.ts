import NextAuth from 'next-auth';
import { NextRequest, NextResponse } from 'next/server';
import { authOptions, SESSION_SECONDS } from '@/lib/auth';
import { SIGN_IN_LINK_REQUIRED, signInErrorCode, TOO_MANY_SIGN_INS } from '@/lib/auth';
import { isSignedIn, readSignInFields, SIGN_IN_BODY_LIMIT_BYTES, signInFailureChecks, signInFieldsEmail } from '@/lib/auth';
import { appUrl } from '@/lib/platform/env';
import { AppError } from '@/lib/core/errors';
import { allowHeader, errorResponse, methodNotAllowed, otherMethods, readBodyBytes } from '@/lib/platform/http';
import { nextAuthMethods } from '@/lib/auth';
import { clientIp, reserveAttempt, type Reservation } from '@/lib/rate-limit';
import { SESSION_HINT_COOKIE } from '@/lib/accounts/session-hint';

type Context = { params: Promise<{ nextauth: string[] }> };

function refused(error: unknown): Response {
  if (!(error instanceof AppError)) return errorResponse(error);
  // next-auth's client reads the error from `url`; API clients read `error` and the status.
  return errorResponse(error, { url: `${appUrl()}/login?error=${signInErrorCode(error.message)}` });
}

/** A credentials sign-in: a place under the limits is reserved before the password check and kept only on failure.
 * The body is read once, so next-auth gets exactly the email that was counted. */
async function signInWithLimits(req: NextRequest, context: Context): Promise<Response> {
  let form: URLSearchParams;
  let attempt: Reservation | null = null;
  try {
    const body = new TextDecoder().decode(await readBodyBytes(req, SIGN_IN_BODY_LIMIT_BYTES, 'The sign-in form is too large'));
    const fields = readSignInFields(body, req.headers.get('content-type'));
    const email = signInFieldsEmail(fields);
    const messages = { tooMany: TOO_MANY_SIGN_INS, linkRequired: SIGN_IN_LINK_REQUIRED };
    if (email) attempt = await reserveAttempt(signInFailureChecks(email, clientIp(req.headers), messages), TOO_MANY_SIGN_INS);
    form = new URLSearchParams(fields);
  } catch (error) {
    return refused(error);
  }
  const headers = new Headers(req.headers);
  headers.set('content-type', 'application/x-www-form-urlencoded');
  headers.delete('content-length');
  // next-auth reads the body again: it gets the fields counted, never the rest of the stream.
  const bounded = new NextRequest(req.url, { method: req.method, headers, body: form.toString() });
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

/** Mirrors the session cookie's arrival and removal in the session hint cookie (lib/accounts/session-hint.ts). */
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
