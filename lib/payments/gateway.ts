import { env } from '@/lib/env';
import { ServiceUnavailableError } from '@/lib/errors';

/** What the shop needs from a card payment provider. Amounts are integer cents. */
export type Intent = {
  id: string;
  status: string;
  amountCents: number;
  currency: string;
  orderId: string | null;
};

export interface PaymentGateway {
  readonly name: 'stripe' | 'test';
  createIntent(input: {
    orderId: string;
    amountCents: number;
    currency: 'usd';
    idempotencyKey: string;
  }): Promise<{ id: string; clientSecret: string }>;
  /** null when the provider has no such payment. */
  retrieveIntent(id: string): Promise<Intent | null>;
  refund(intentId: string): Promise<void>;
}

export type ProviderName = PaymentGateway['name'];

/**
 * Stripe when STRIPE_SECRET_KEY is set (or PAYMENTS_PROVIDER=stripe); else the offline test gateway,
 * which production only uses when PAYMENTS_PROVIDER=test says so explicitly.
 */
export function paymentProvider(): ProviderName | null {
  const { PAYMENTS_PROVIDER, STRIPE_SECRET_KEY, NODE_ENV } = env();
  if (PAYMENTS_PROVIDER) return PAYMENTS_PROVIDER;
  if (STRIPE_SECRET_KEY) return 'stripe';
  return NODE_ENV === 'production' ? null : 'test';
}

export async function getGateway(): Promise<PaymentGateway> {
  const provider = paymentProvider();
  if (provider === 'stripe') return (await import('./stripe-gateway')).createStripeGateway();
  if (provider === 'test') return (await import('./test-gateway')).testGateway;
  throw new ServiceUnavailableError('Card payments are not configured on this shop');
}
