import 'server-only';
import Stripe from 'stripe';
import { env } from '@/lib/platform/env';
import { ServiceUnavailableError } from '@/lib/platform/errors';
import type { Intent, PaymentGateway } from './types';

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

export { toIntent as stripeIntentToIntent };

export function createStripeGateway(): PaymentGateway {
  const stripe = stripeClient();
  return {
    name: 'stripe',
    async createIntent({ orderId, amountCents, currency, idempotencyKey }) {
      const intent = await stripe.paymentIntents.create(
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
        return toIntent(await stripe.paymentIntents.retrieve(id));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
    },
    async refund(intentId) {
      await stripe.refunds.create({ payment_intent: intentId }, { idempotencyKey: `refund-${intentId}` });
    },
  };
}
