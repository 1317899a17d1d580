import { NextResponse } from 'next/server';
import { route } from '@/lib/http';
import { handleStripeWebhook } from '@/lib/payments';

/** POST /api/webhooks/stripe: authenticated by Stripe's signature over the raw body, not by a session. */
export const POST = route(async (req) => {
  const body = await req.text();
  return NextResponse.json(await handleStripeWebhook(body, req.headers.get('stripe-signature')));
});
