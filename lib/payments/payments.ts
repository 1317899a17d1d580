import 'server-only';
import { assertCustomer, type Actor } from '@/lib/auth';
import { connectDb } from '@/lib/platform/db';
import { ConflictError, NotFoundError, PaymentError, ValidationError, isDuplicateKey } from '@/lib/core/errors';
import { formatPrice, fromCents, toCents } from '@/lib/core/money';
import { ALREADY_CANCELLED, getPayableOrder, markOrderPaid, MIN_CARD_CENTS, type PayableOrder, type PaymentProof } from '@/lib/orders';
import { ORDER_MAX, ORDER_MAX_TEXT } from '@/lib/validations/orders';
import { WebhookEvent } from '@/models';
import { getGateway, paymentProvider } from './gateway';
import type { Intent, PaymentClientConfig, PaymentGateway } from './types';

/** Card payments (DESIGN.md section 6): the checks before lib/orders may mark an order paid; the amount comes from the stored order. */

export const PRICE_MISMATCH = 'The price does not match the order total';
export const PAYMENT_NOT_COMPLETED = 'The payment is not completed';
export const UNDER_CARD_MINIMUM = `A card cannot pay a total under ${formatPrice(fromCents(MIN_CARD_CENTS))}: cancel this order and order more`;
const REFUNDED = `${ALREADY_CANCELLED}; the payment is refunded`;
export const SOLD_OUT_REFUNDED =
  'Some parts of this order sold out before your payment arrived: the order is cancelled and the payment refunded';

export async function createPaymentIntent(actor: Actor, input: { orderId: string; price?: number }) {
  const order = await getPayableOrder(actor, input.orderId);
  if (input.price !== undefined && toCents(input.price) !== order.totalCents)
    throw new ValidationError(PRICE_MISMATCH, { price: [PRICE_MISMATCH] });
  // An order of the spec's own call (one part at a cent, say) can cost less than a card may be charged.
  if (order.totalCents < MIN_CARD_CENTS) throw new ConflictError(UNDER_CARD_MINIMUM);
  // Every path refuses such an order; one stored anyway (before the rule, or edited) is never charged.
  if (order.totalCents > ORDER_MAX.totalCents) throw new ConflictError(ORDER_MAX_TEXT.total);
  const gateway = await getGateway();
  const intent = await gateway.createIntent({
    orderId: order.id,
    amountCents: order.totalCents,
    currency: 'usd',
    // One intent per order and amount: a reload or a double click answers the same intent.
    idempotencyKey: `order-${order.id}-${order.totalCents}`,
  });
  return { clientSecret: intent.clientSecret, provider: gateway.name, amount: fromCents(order.totalCents) };
}

/** Throws unless the provider's payment succeeded for exactly this order and amount. */
export function assertPaymentCovers(intent: Intent | null, order: PayableOrder): asserts intent is Intent {
  if (!intent) throw new PaymentError('No such payment');
  if (intent.orderId !== order.id) throw new PaymentError('This payment is for another order');
  if (intent.status !== 'succeeded') throw new PaymentError(PAYMENT_NOT_COMPLETED);
  if (intent.currency !== 'usd' || intent.amountCents !== order.totalCents)
    throw new PaymentError('The payment amount does not match the order');
}

/** Marks the order paid with a checked payment; one that lost to a cancel is refunded to the card that paid. */
async function payWith(actor: Actor | null, orderId: string, transactionId: string, gateway: PaymentGateway, known?: Intent) {
  const result = await markOrderPaid(actor, orderId, transactionId, async (order): Promise<PaymentProof> => {
    const intent = known ?? (await gateway.retrieveIntent(transactionId));
    assertPaymentCovers(intent, order);
    return { intentId: intent.id, amountCents: intent.amountCents };
  });
  if (result.outcome === 'cancelled') {
    await gateway.refund(result.proof.intentId);
    throw new ConflictError(result.soldOut ? SOLD_OUT_REFUNDED : REFUNDED);
  }
  return result;
}

/** PATCH /api/order/{id}: the browser reports a confirmed card payment; the server checks it with the provider. */
export async function confirmOrderPayment(actor: Actor, orderId: string, transactionId: string) {
  const paid = await payWith(actor, orderId, transactionId, await getGateway());
  return { acknowledged: paid.acknowledged, modifiedCount: paid.modifiedCount, transactionId: paid.transactionId };
}

/** What the payment page hands the browser, or null when card payments are not configured. */
export async function getPaymentClientConfig(): Promise<PaymentClientConfig | null> {
  return paymentProvider() ? (await getGateway()).clientConfig() : null;
}

/** POST /api/webhooks/stripe: a signed event; `payment_intent.succeeded` pays its order the same way. */
export async function handleStripeWebhook(rawBody: string, signature: string | null): Promise<{ received: true; duplicate?: true }> {
  // A shop on the offline test gateway has no Stripe webhook at all.
  const gateway = paymentProvider() === 'stripe' ? await getGateway() : null;
  if (!gateway?.readWebhook) throw new NotFoundError('Stripe webhooks are not enabled on this shop');
  const event = gateway.readWebhook(rawBody, signature);
  await connectDb();
  if (await WebhookEvent.exists({ _id: event.id })) return { received: true, duplicate: true };

  const intent = event.paidIntent;
  if (intent) {
    try {
      if (intent.orderId) await payWith(null, intent.orderId, intent.id, gateway, intent);
    } catch (error) {
      // A payment for no known order, one that does not cover its order, or one that lost to a cancel (refunded), is not retried.
      if (!(error instanceof PaymentError || error instanceof ConflictError || error instanceof NotFoundError)) throw error;
      console.warn(`[payments] webhook ${event.id} for order ${intent.orderId}: ${(error as Error).message}`);
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
  assertCustomer(actor);
  const { confirmTestCard } = await import('./test-gateway');
  const intent = await confirmTestCard(input, (orderId) => getPayableOrder(actor, orderId));
  return { id: intent.id, status: intent.status };
}
