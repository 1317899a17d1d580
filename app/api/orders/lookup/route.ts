import { NextResponse } from 'next/server';
import { LOOKUP_ANSWER, sendOrderLink } from '@/lib/orders';
import { otherMethods, readJson, route } from '@/lib/platform/http';
import { clientIp } from '@/lib/rate-limit';
import { orderLookupSchema } from '@/lib/validations/checkout';

/** POST /api/orders/lookup `{ number, email }`: emails the order's link again; the same answer whether or not it exists. */
export const POST = route(async (req) => {
  const { number, email } = await readJson(req, orderLookupSchema);
  await sendOrderLink(number, email, clientIp(req.headers));
  return NextResponse.json({ ok: true, message: LOOKUP_ANSWER }, { status: 202 });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
