import { NextResponse } from 'next/server';
import { verifyEmail } from '@/lib/accounts';
import { appUrl } from '@/lib/env';
import { AppError } from '@/lib/errors';
import { route } from '@/lib/http';
import { USED_LINK } from '@/lib/tokens';

/** GET /api/verify-email?token=...: the link of the verification email; lands on /verify-email with the outcome. */
export const GET = route(async (req) => {
  const token = req.nextUrl.searchParams.get('token') ?? '';
  const target = new URL('/verify-email', appUrl());
  try {
    await verifyEmail(token);
    target.searchParams.set('status', 'verified');
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // Only a code travels in the URL: the page shows its own text, never text from a link.
    target.searchParams.set('status', error.message === USED_LINK ? 'used' : 'invalid');
  }
  return NextResponse.redirect(target, 303);
});
