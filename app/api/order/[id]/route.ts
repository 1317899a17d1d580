import { NextResponse } from 'next/server';
import { requireAdmin, requireCaller } from '@/lib/auth/caller';
import { ValidationError } from '@/lib/errors';
import { readJson, route } from '@/lib/http';
import { cancelOrder, getOrder, shipOrder } from '@/lib/orders';
import { confirmOrderPayment } from '@/lib/payments';
import { payOrderSchema, shipOrderSchema } from '@/lib/validations/orders';

type Params = { id: string };

/** GET /api/order/{id}: one order (own, or any for an admin). */
export const GET = route<Params>(async (req, { id }) => NextResponse.json(await getOrder(await requireCaller(req), id)));

/** PUT /api/order/{id} with `{ pending: 'shipped' }`: ships a paid order (admins); answers `modifiedCount`. */
export const PUT = route<Params>(async (req, { id }) => {
  const caller = await requireAdmin(req);
  await readJson(req, shipOrderSchema);
  return NextResponse.json(await shipOrder(caller, id));
});

/** PATCH /api/order/{id} with `{ payment: { order, transactionId } }`: records a verified card payment. */
export const PATCH = route<Params>(async (req, { id }) => {
  const caller = await requireCaller(req);
  const { payment } = await readJson(req, payOrderSchema);
  if (payment.order && payment.order !== id) throw new ValidationError('The payment is for another order');
  return NextResponse.json(await confirmOrderPayment(caller, id, payment.transactionId));
});

/** DELETE /api/order/{id}: cancels an unpaid order and returns its quantity to stock. */
export const DELETE = route<Params>(async (req, { id }) => NextResponse.json(await cancelOrder(await requireCaller(req), id)));
