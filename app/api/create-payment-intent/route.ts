import { NextResponse } from 'next/server';
import { requireOrderActor } from '@/lib/orders';
import { otherMethods, readJson, route } from '@/lib/platform/http';
import { createPaymentIntent } from '@/lib/payments';
import { createIntentSchema } from '@/lib/validations/orders';

/** POST /api/create-payment-intent `{ orderId }`: a payment for the server-computed total; answers `clientSecret`. */
export const POST = route(async (req) => {
  const actor = await requireOrderActor(req);
  return NextResponse.json(await createPaymentIntent(actor, await readJson(req, createIntentSchema)));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
