import { NextResponse } from 'next/server';
import { verifyEmailLink } from '@/lib/accounts';
import { appUrl } from '@/lib/platform/env';
import { otherMethods, parseInput, route, searchParamsOf } from '@/lib/platform/http';
import { verifyEmailQuerySchema } from '@/lib/validations/auth';

/** GET /api/verify-email?token=...: the link of the verification email; lands on /verify-email with the outcome. */
export const GET = route(async (req) => {
  const { token } = parseInput(verifyEmailQuerySchema, searchParamsOf(req));
  const outcome = await verifyEmailLink(token);
  // Only a code travels in the URL: the page shows its own text, never text from a link.
  const target = new URL('/verify-email', appUrl());
  target.searchParams.set('status', outcome);
  return NextResponse.redirect(target, 303);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
