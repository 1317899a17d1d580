import 'server-only';
import Stripe from 'stripe';
import { env } from '@/lib/platform/env';
import { ServiceUnavailableError, ValidationError } from '@/lib/core/errors';
import type { GatewayEvent, Intent, PaymentGateway } from './types';

/** The Stripe SDK client. STRIPE_API_BASE points it elsewhere (stripe-mock in tests); production leaves it unset. */
export function stripeClient(): Stripe {
  const { STRIPE_SECRET_KEY, STRIPE_API_BASE } = env();
  if (!STRIPE_SECRET_KEY) throw new ServiceUnavailableError('Card payments are not configured on this shop');
  const base = STRIPE_API_BASE ? new URL(STRIPE_API_BASE) : null;
  return new Stripe(STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base ? { host: base.hostname, port: Number(base.port), protocol: base.protocol.replace(':', '') as 'http' | 'https' } : {}),
  });
}

function toIntent(intent: Stripe.PaymentIntent): Intent {
  return {
    id: intent.id,
    status: intent.status,
    amountCents: intent.amount,
    currency: intent.currency,
    orderId: intent.metadata?.orderId ?? null,
  };
}

/** Stripe's signed event; `payment_intent.succeeded` is the one that pays an order. */
function readWebhook(stripe: () => Stripe, rawBody: string, signature: string | null): GatewayEvent {
  const { STRIPE_WEBHOOK_SECRET } = env();
  if (!STRIPE_WEBHOOK_SECRET) throw new ServiceUnavailableError('Stripe webhooks are not configured');
  let event: Stripe.Event;
  try {
    event = stripe().webhooks.constructEvent(rawBody, signature ?? '', STRIPE_WEBHOOK_SECRET);
  } catch {
    throw new ValidationError('Invalid webhook signature');
  }
  return { id: event.id, type: event.type, paidIntent: event.type === 'payment_intent.succeeded' ? toIntent(event.data.object) : null };
}

export function createStripeGateway(): PaymentGateway {
  // The SDK client is made on first use: the payment page only needs the publishable key.
  let client: Stripe | undefined;
  const stripeOf = () => (client ??= stripeClient());
  return {
    name: 'stripe',
    clientConfig: () => ({ provider: 'stripe', publishableKey: env().NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY ?? null }),
    readWebhook: (rawBody, signature) => readWebhook(stripeOf, rawBody, signature),
    async createIntent({ orderId, amountCents, currency, idempotencyKey }) {
      const intent = await stripeOf().paymentIntents.create(
        {
          amount: amountCents,
          currency,
          metadata: { orderId },
          // Cards confirmed in the page; no payment method that leaves the page.
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          description: `PartsMart order ${orderId}`,
        },
        { idempotencyKey },
      );
      if (!intent.client_secret) throw new ServiceUnavailableError('The payment could not be started, please try again');
      return { id: intent.id, clientSecret: intent.client_secret };
    },
    async retrieveIntent(id) {
      try {
        return toIntent(await stripeOf().paymentIntents.retrieve(id));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
    },
    async refund(intentId) {
      await stripeOf().refunds.create({ payment_intent: intentId }, { idempotencyKey: `refund-${intentId}` });
    },
    async refundPart({ intentId, amountCents, idempotencyKey }) {
      const refund = await stripeOf().refunds.create({ payment_intent: intentId, amount: amountCents }, { idempotencyKey });
      return { id: refund.id };
    },
  };
}
