import type { Types } from 'mongoose';
import type { Caller } from '@/lib/auth/caller';
import { TEXT } from '@/lib/constants';
import { connectDb } from '@/lib/db';
import { env } from '@/lib/env';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  PaymentError,
  ServiceUnavailableError,
  ValidationError,
  isDuplicateKey,
} from '@/lib/errors';
import { fromCents, toCents } from '@/lib/money';
import { ALREADY_CANCELLED, ALREADY_PAID, claimOutcome, findVisibleOrder, orderTotalCents, setOrderPaid } from '@/lib/orders';
import { Order, OrderOutcome, PaymentIntent, WebhookEvent } from '@/models';
import type { OrderDoc } from '@/models/order';
import { getGateway, paymentProvider, type Intent, type PaymentGateway } from './gateway';

/**
 * Paying an order (DESIGN.md section 6): the amount is computed on the server from the stored
 * order; an order becomes paid only after the provider's payment was retrieved (or arrived in a
 * signed webhook) as succeeded, for this order and this amount; the `paid` outcome makes it
 * happen once and excludes a cancel.
 */

type Actor = Pick<Caller, 'email' | 'name' | 'isAdmin'>;
type PayableOrder = Pick<OrderDoc, 'price' | 'quantity' | 'paid'> & { _id: Types.ObjectId };

export const PRICE_MISMATCH = 'The price does not match the order total';
export const PAYMENT_NOT_COMPLETED = 'The payment is not completed';

function refusePurchaseByAdmin(actor: Actor): void {
  if (actor.isAdmin) throw new ForbiddenError(TEXT.adminCantPurchase);
}

export async function createPaymentIntent(actor: Actor, input: { orderId: string; price?: number }) {
  refusePurchaseByAdmin(actor);
  const order = await findVisibleOrder(actor, input.orderId);
  if (order.paid) throw new ConflictError(ALREADY_PAID);
  const amountCents = orderTotalCents(order);
  if (input.price !== undefined && toCents(input.price) !== amountCents)
    throw new ValidationError(PRICE_MISMATCH, { price: [PRICE_MISMATCH] });
  const gateway = await getGateway();
  const intent = await gateway.createIntent({
    orderId: String(order._id),
    amountCents,
    currency: 'usd',
    // One intent per order and amount: a reload or a double click answers the same intent.
    idempotencyKey: `order-${String(order._id)}-${amountCents}`,
  });
  return { clientSecret: intent.clientSecret, provider: gateway.name, amount: fromCents(amountCents) };
}

/** Throws unless the provider's payment succeeded for exactly this order and amount. */
export function assertPaymentCovers(intent: Intent | null, order: PayableOrder): asserts intent is Intent {
  if (!intent) throw new PaymentError('No such payment');
  if (intent.orderId !== String(order._id)) throw new PaymentError('This payment is for another order');
  if (intent.status !== 'succeeded') throw new PaymentError(PAYMENT_NOT_COMPLETED);
  if (intent.currency !== 'usd' || intent.amountCents !== orderTotalCents(order))
    throw new PaymentError('The payment amount does not match the order');
}

/** Claims the `paid` outcome and marks the order paid; refunds a payment that lost to a cancel. */
async function recordPayment(order: PayableOrder, intent: Intent, gateway: PaymentGateway) {
  const claim = await claimOutcome(order._id, 'paid', { intentId: intent.id, amountCents: intent.amountCents });
  if (claim.outcome === 'cancelled') {
    await gateway.refund(intent.id);
    throw new ConflictError(`${ALREADY_CANCELLED}; the payment is refunded`);
  }
  if (!claim.won && claim.intentId !== intent.id) throw new ConflictError(ALREADY_PAID);
  const modifiedCount = await setOrderPaid(order._id, intent.id);
  return { acknowledged: true as const, modifiedCount, transactionId: intent.id };
}

/** PATCH /api/order/{id}: the browser reports a confirmed card payment; the server checks it with the provider. */
export async function confirmOrderPayment(actor: Actor, orderId: string, transactionId: string) {
  refusePurchaseByAdmin(actor);
  const order = await findVisibleOrder(actor, orderId).catch(async (error: unknown) => {
    if (error instanceof NotFoundError) await refundIfCancelled(orderId, transactionId);
    throw error;
  });
  if (order.paid) {
    if (order.transactionId === transactionId) return { acknowledged: true as const, modifiedCount: 0, transactionId };
    throw new ConflictError(ALREADY_PAID);
  }
  const gateway = await getGateway();
  const intent = await gateway.retrieveIntent(transactionId);
  assertPaymentCovers(intent, order);
  return recordPayment(order, intent, gateway);
}

/**
 * A card charged for an order that a cancel removed meanwhile is refunded, whoever reports it: the
 * money only goes back to the card that paid.
 */
async function refundIfCancelled(orderId: string, transactionId: string): Promise<void> {
  await connectDb();
  if (!(await OrderOutcome.exists({ orderId, outcome: 'cancelled' }))) return;
  const gateway = await getGateway();
  const intent = await gateway.retrieveIntent(transactionId);
  if (intent?.status === 'succeeded' && intent.orderId === orderId) {
    await gateway.refund(intent.id);
    throw new ConflictError(`${ALREADY_CANCELLED}; the payment is refunded`);
  }
}

/** POST /api/webhooks/stripe: a signed event; `payment_intent.succeeded` pays its order the same way. */
export async function handleStripeWebhook(rawBody: string, signature: string | null): Promise<{ received: true; duplicate?: true }> {
  const { STRIPE_WEBHOOK_SECRET } = env();
  if (!STRIPE_WEBHOOK_SECRET || paymentProvider() !== 'stripe') throw new ServiceUnavailableError('Stripe webhooks are not configured');
  const { stripeClient, stripeIntentToIntent } = await import('./stripe-gateway');
  const stripe = stripeClient();
  let event: ReturnType<typeof stripe.webhooks.constructEvent>;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature ?? '', STRIPE_WEBHOOK_SECRET);
  } catch {
    throw new ValidationError('Invalid webhook signature');
  }
  await connectDb();
  if (await WebhookEvent.exists({ _id: event.id })) return { received: true, duplicate: true };

  if (event.type === 'payment_intent.succeeded') {
    const intent = stripeIntentToIntent(event.data.object);
    const gateway = await getGateway();
    const order = intent.orderId ? await Order.findById(intent.orderId).lean() : null;
    if (order) {
      try {
        assertPaymentCovers(intent, order);
        await recordPayment(order, intent, gateway);
      } catch (error) {
        // A payment that does not cover its order, or lost to a cancel (refunded), is not retried.
        if (!(error instanceof PaymentError || error instanceof ConflictError)) throw error;
        console.warn(`[payments] webhook ${event.id} for order ${intent.orderId}: ${(error as Error).message}`);
      }
    } else if (intent.orderId && (await OrderOutcome.exists({ orderId: intent.orderId, outcome: 'cancelled' }))) {
      await gateway.refund(intent.id);
    }
  }
  try {
    await WebhookEvent.create({ _id: event.id, type: event.type });
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
  return { received: true };
}

/** The offline test gateway's card confirmation, for the owner of the intent's order only. */
export async function confirmTestPayment(actor: Actor, input: { clientSecret: string; number: string; expiry: string; cvc: string }) {
  if (paymentProvider() !== 'test') throw new NotFoundError('Not found');
  refusePurchaseByAdmin(actor);
  await connectDb();
  const stored = await PaymentIntent.findOne({ clientSecret: input.clientSecret }, { orderId: 1 }).lean();
  if (!stored) throw new NotFoundError('No such payment');
  await findVisibleOrder(actor, stored.orderId);
  const { confirmTestCard } = await import('./test-gateway');
  const intent = await confirmTestCard(input);
  return { id: intent.id, status: intent.status };
}
