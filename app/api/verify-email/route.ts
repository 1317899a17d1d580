import { NextResponse } from 'next/server';
import { confirmEmail } from '@/lib/accounts';
import { isSameOrigin, resolveActor } from '@/lib/auth';
import { appUrl } from '@/lib/platform/env';
import { otherMethods, parseInput, readJson, route, searchParamsOf } from '@/lib/platform/http';
import { clientIp } from '@/lib/rate-limit';
import { verifyEmailQuerySchema, verifyEmailSchema } from '@/lib/validations/auth';

/** GET /api/verify-email?token=: older emails' link; changes nothing (mail scanners open links), lands on /verify-email to confirm. */
export const GET = route(async (req) => {
  const { token } = parseInput(verifyEmailQuerySchema, searchParamsOf(req));
  const target = new URL('/verify-email', appUrl());
  if (token) target.searchParams.set('token', token);
  else target.searchParams.set('status', 'invalid');
  return NextResponse.redirect(target, 303);
});

/** POST /api/verify-email: confirms the email of a verification link (lib/accounts: confirmEmail). */
export const POST = route(async (req) => {
  const input = await readJson(req, verifyEmailSchema);
  // A session stands in for the password only on a request from the shop's own pages.
  const actor = await resolveActor(req);
  const caller = actor?.via === 'session' && !isSameOrigin(req) ? null : actor;
  const status = await confirmEmail(input, caller, clientIp(req.headers));
  return NextResponse.json({ success: true, status });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
