import { NextResponse } from 'next/server';
import { requireCaller } from '@/lib/auth/caller';
import { readJson, route } from '@/lib/http';
import { listOrdersOf, placeOrder } from '@/lib/orders';
import { placeOrderSchema } from '@/lib/validations/orders';

/** POST /api/order: `{ partId, address, phone, quantity }`; everything else comes from the server. Answers `insertedId`. */
export const POST = route(async (req) => {
  const caller = await requireCaller(req);
  const order = await placeOrder(caller, await readJson(req, placeOrderSchema));
  return NextResponse.json(order, { status: 201 });
});

/** GET /api/order?email=...: that customer's orders, newest first (own email, or any for an admin). */
export const GET = route(async (req) => {
  const caller = await requireCaller(req);
  const email = req.nextUrl.searchParams.get('email') ?? caller.email;
  return NextResponse.json(await listOrdersOf(caller, email));
});
