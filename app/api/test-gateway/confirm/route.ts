import { NextResponse } from 'next/server';
import { requireOrderActor } from '@/lib/orders';
import { otherMethods, readJson, route } from '@/lib/platform/http';
import { confirmTestPayment } from '@/lib/payments';
import { testCardSchema } from '@/lib/validations/orders';

/** POST /api/test-gateway/confirm: the offline gateway's card confirmation (absent when Stripe is configured). */
export const POST = route(async (req) => {
  const actor = await requireOrderActor(req);
  return NextResponse.json(await confirmTestPayment(actor, await readJson(req, testCardSchema)));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
