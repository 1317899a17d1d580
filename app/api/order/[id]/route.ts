import { NextResponse } from 'next/server';
import { requireAdmin } from '@/lib/auth';
import { requireOrderActor } from '@/lib/orders';
import { ValidationError } from '@/lib/core/errors';
import { otherMethods, readJson, route } from '@/lib/platform/http';
import { cancelOrder, deliverOrder, getOrder, shipOrder } from '@/lib/orders';
import { confirmOrderPayment } from '@/lib/payments';
import { orderStepSchema, payOrderSchema } from '@/lib/validations/orders';

type Params = { id: string };

/** GET /api/order/{id}: one order (own, or any for an admin). */
export const GET = route<Params>(async (req, { id }) => NextResponse.json(await getOrder(await requireOrderActor(req), id)));

/** PUT /api/order/{id} (admins): `{ pending: 'shipped' }` (optionally `carrier`, `trackingNumber`) ships a paid order;
 * `{ pending: 'delivered' }` (optionally `deliveredAt`, a day) marks a shipped one delivered. */
export const PUT = route<Params>(async (req, { id }) => {
  const actor = await requireAdmin(req);
  const step = await readJson(req, orderStepSchema);
  if (step.pending === 'delivered') return NextResponse.json(await deliverOrder(actor, id, { day: step.deliveredAt }));
  return NextResponse.json(await shipOrder(actor, id, { carrier: step.carrier, trackingNumber: step.trackingNumber }));
});

/** PATCH /api/order/{id} with `{ payment: { order, transactionId } }`: records a verified card payment. */
export const PATCH = route<Params>(async (req, { id }) => {
  const actor = await requireOrderActor(req);
  const { payment } = await readJson(req, payOrderSchema);
  if (payment.order && payment.order !== id) throw new ValidationError('The payment is for another order');
  return NextResponse.json(await confirmOrderPayment(actor, id, payment.transactionId));
});

/** DELETE /api/order/{id}: cancels an unpaid order and returns its quantity to stock. */
export const DELETE = route<Params>(async (req, { id }) => NextResponse.json(await cancelOrder(await requireOrderActor(req), id)));

export const { POST, OPTIONS } = otherMethods({ GET, PUT, PATCH, DELETE });
