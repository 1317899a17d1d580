import { NextResponse } from 'next/server';
import { requireCaller } from '@/lib/auth/caller';
import { readJson, route } from '@/lib/http';
import { confirmTestPayment } from '@/lib/payments';
import { testCardSchema } from '@/lib/validations/orders';

/** POST /api/test-gateway/confirm: the offline gateway's card confirmation (absent when Stripe is configured). */
export const POST = route(async (req) => {
  const caller = await requireCaller(req);
  return NextResponse.json(await confirmTestPayment(caller, await readJson(req, testCardSchema)));
});
