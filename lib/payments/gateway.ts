import 'server-only';
import { env } from '@/lib/platform/env';
import { ServiceUnavailableError } from '@/lib/core/errors';
import type { PaymentProviderName } from '@/lib/payments/types';
import type { PaymentGateway } from './types';

/** Stripe when configured; the offline test gateway otherwise, in production only when PAYMENTS_PROVIDER=test says so. */
export function paymentProvider(): PaymentProviderName | null {
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
