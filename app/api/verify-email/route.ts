import { NextResponse } from 'next/server';
import { verifyEmail } from '@/lib/accounts';
import { appUrl } from '@/lib/env';
import { AppError } from '@/lib/errors';
import { route } from '@/lib/http';

/** GET /api/verify-email?token=...: the link of the verification email; lands on /verify-email with the outcome. */
export const GET = route(async (req) => {
  const token = req.nextUrl.searchParams.get('token') ?? '';
  const target = new URL('/verify-email', appUrl());
  try {
    await verifyEmail(token);
    target.searchParams.set('status', 'verified');
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    target.searchParams.set('status', 'invalid');
    target.searchParams.set('message', error.message);
  }
  return NextResponse.redirect(target, 303);
});
