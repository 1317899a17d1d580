import { NextResponse } from 'next/server';
import { otherMethods, readBodyBytes, route } from '@/lib/platform/http';
import { handleStripeWebhook } from '@/lib/payments';

/** Stripe's events are a few kilobytes; anything far bigger is not Stripe. */
const WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;

/** POST /api/webhooks/stripe: authenticated by Stripe's signature over the raw body, not by a session. */
export const POST = route(async (req) => {
  const body = new TextDecoder().decode(await readBodyBytes(req, WEBHOOK_BODY_LIMIT_BYTES, 'The webhook body is larger than 1 MB'));
  return NextResponse.json(await handleStripeWebhook(body, req.headers.get('stripe-signature')));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
