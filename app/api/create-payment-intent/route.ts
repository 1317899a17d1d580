import { NextResponse } from 'next/server';
import { requireCaller } from '@/lib/auth/caller';
import { readJson, route } from '@/lib/http';
import { createPaymentIntent } from '@/lib/payments';
import { createIntentSchema } from '@/lib/validations/orders';

/** POST /api/create-payment-intent `{ orderId }`: a payment for the server-computed total; answers `clientSecret`. */
export const POST = route(async (req) => {
  const caller = await requireCaller(req);
  return NextResponse.json(await createPaymentIntent(caller, await readJson(req, createIntentSchema)));
});
